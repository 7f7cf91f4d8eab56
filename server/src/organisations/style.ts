/**
 * The organisation's stylesheet: CSS custom properties only, built from fixed sets of values
 * (colour, font, button and input style), so an organisation can never inject CSS.
 */
import { COLOUR_VALUES, FONT_STACKS } from '@gatehouse/common/policy';

import type { OrganisationRow } from '../db/schema.ts';

export type ThemeSettings = Pick<OrganisationRow, 'colour' | 'font' | 'button_style' | 'input_style'>;

/** The theme's custom properties: the stylesheet's content, and what a preview applies. */
export function themeProperties(org: ThemeSettings): Record<string, string> {
  const colour = COLOUR_VALUES[org.colour] ?? COLOUR_VALUES.Blue;
  const font = FONT_STACKS[org.font] ?? FONT_STACKS.Default;
  const rounded = org.button_style === 'Rounded';
  const grey = org.input_style === 'Grey';
  return {
    '--colour-primary': colour.primary,
    '--colour-on-primary': colour.onPrimary,
    '--colour-primary-tint': colour.tint,
    '--font-family': font,
    '--button-radius': rounded ? '999px' : '4px',
    '--input-background': grey ? '#f1f3f4' : '#ffffff',
    '--input-border': grey ? '1px solid transparent' : '1px solid #8a8f98',
  };
}

export function organisationStylesheet(org: ThemeSettings): string {
  const body = Object.entries(themeProperties(org))
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  return `:root {\n${body}\n}\n`;
}
