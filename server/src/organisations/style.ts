/**
 * The organisation's stylesheet: CSS custom properties only, built from fixed sets of values
 * (colour, font, button and input style), so an organisation can never inject CSS.
 */
import { COLOUR_VALUES, FONT_STACKS } from '@gatehouse/common/policy';
import type { OrganisationRow } from '../db/schema.ts';

export function organisationStylesheet(org: OrganisationRow): string {
  const colour = COLOUR_VALUES[org.colour] ?? COLOUR_VALUES.Blue;
  const font = FONT_STACKS[org.font] ?? FONT_STACKS.Default;
  const rounded = org.button_style === 'Rounded';
  const grey = org.input_style === 'Grey';
  const properties: Record<string, string> = {
    '--colour-primary': colour.primary,
    '--colour-on-primary': colour.onPrimary,
    '--colour-primary-tint': colour.tint,
    '--font-family': font,
    '--button-radius': rounded ? '999px' : '4px',
    '--input-background': grey ? '#f1f3f4' : '#ffffff',
    '--input-border': grey ? '1px solid transparent' : '1px solid #8a8f98',
  };
  const body = Object.entries(properties)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
  return `:root {\n${body}\n}\n`;
}
