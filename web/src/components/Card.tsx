import type { ReactNode } from 'react';

interface CardProps {
  title?: string;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
  /** Makes the card a target of an in-page link (SectionNav), which moves focus to it. */
  id?: string;
}

export function Card({ title, children, className, headingLevel = 2, id }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-label={title} id={id} tabIndex={id ? -1 : undefined}>
      {title && <Heading className="card-title">{title}</Heading>}
      {children}
    </section>
  );
}
