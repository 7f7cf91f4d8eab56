import type { ReactNode } from 'react';

interface CardProps {
  title?: string;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}

export function Card({ title, children, className, headingLevel = 2 }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', className].filter(Boolean).join(' ')} aria-label={title}>
      {title && <Heading className="card-title">{title}</Heading>}
      {children}
    </section>
  );
}
