/** Appearance: name, colour, font, button and input styles, images, and a live preview of the sign-in page. */
import { MESSAGES } from '@gatehouse/common/messages';
import { ORGANISATION_MESSAGES } from '@gatehouse/common/organisation-messages';
import { BUTTON_STYLES, COLOUR_VALUES, COLOURS, FONTS, INPUT_STYLES } from '@gatehouse/common/policy';
import type { OrganisationSettingsInput } from '@gatehouse/common/schemas/organisation-settings';
import { useFormContext, useWatch } from 'react-hook-form';

import { Card } from '../../components/Card.tsx';
import { ImageField } from '../../components/ImageField.tsx';
import { Select } from '../../components/Select.tsx';
import { Logo } from '../../layout/Logo.tsx';
import { CheckboxSetting, TextSetting, useFieldError } from './setting-fields.tsx';
import { acceptFor, IMAGE_KINDS, type useImageChoices } from './use-image-choices.ts';

const M = ORGANISATION_MESSAGES;
type Images = ReturnType<typeof useImageChoices>;

const optionLabel = (value: string) => M.optionLabels[value] ?? value;
const options = (values: readonly string[]) => values.map((value) => ({ value, label: optionLabel(value) }));

const IMAGE_LABELS = { logo: M.labels.logo, background: M.labels.backgroundImage, hero: M.labels.hero, favicon: M.labels.favicon };

export function AppearanceSection({ images, previewStyle }: { images: Images; previewStyle: Record<string, string> | null }) {
  const { register } = useFormContext<OrganisationSettingsInput>();
  const colourError = useFieldError('colour');
  return (
    <Card title={M.sections.appearance}>
      <div className="appearance">
        <div className="appearance-fields">
          <TextSetting name="displayName" />
          <CheckboxSetting name="hideOrganisationName" />
          <fieldset className={`field colour-options${colourError ? ' field-invalid' : ''}`}>
            <legend>{M.labels.colour}</legend>
            <div className="swatches">
              {COLOURS.map((colour) => (
                <label key={colour} className="swatch">
                  <input type="radio" value={colour} {...register('colour')} />
                  <span className="swatch-colour" style={{ background: COLOUR_VALUES[colour].primary }} aria-hidden="true" />
                  <span>{optionLabel(colour)}</span>
                </label>
              ))}
            </div>
            {colourError && <p className="field-error">{colourError}</p>}
          </fieldset>
          <div className="settings-grid">
            <Select label={M.labels.font} options={options(FONTS)} error={useFieldError('font')} {...register('font')} />
            <Select
              label={M.labels.buttonStyle}
              options={options(BUTTON_STYLES)}
              error={useFieldError('buttonStyle')}
              {...register('buttonStyle')}
            />
            <Select
              label={M.labels.inputStyle}
              options={options(INPUT_STYLES)}
              error={useFieldError('inputStyle')}
              {...register('inputStyle')}
            />
          </div>
          {IMAGE_KINDS.map((kind) => (
            <ImageField
              key={kind}
              label={IMAGE_LABELS[kind]}
              hint={M.imageHints[kind]}
              accept={acceptFor(kind)}
              src={images.src(kind)}
              status={images.status(kind)}
              error={images.errors[kind]}
              removeLabel={M.imageRemove}
              onChoose={(file) => void images.choose(kind, file)}
              onRemove={() => images.remove(kind)}
            />
          ))}
        </div>
        <AppearancePreview images={images} style={previewStyle} />
      </div>
    </Card>
  );
}

/**
 * The sign-in page as it will look: the theme's properties from the server's preview of the unsaved
 * settings (none while nothing has changed, so the saved theme shows), and the chosen images.
 */
function AppearancePreview({ images, style }: { images: Images; style: Record<string, string> | null }) {
  const [displayName, hideOrganisationName] = useWatch<OrganisationSettingsInput, ['displayName', 'hideOrganisationName']>({
    name: ['displayName', 'hideOrganisationName'],
  });
  const background = images.src('background');
  const hero = images.src('hero');
  return (
    <figure className="theme-preview">
      <figcaption>
        <strong>{M.preview}</strong> <span className="field-hint">{M.previewCaption}</span>
      </figcaption>
      <div
        className="theme-preview-frame"
        aria-hidden="true"
        style={{ ...style, ...(background ? { backgroundImage: `url("${background}")` } : {}) }}
      >
        <div className="theme-preview-header">
          <Logo
            org={{ logoID: null, displayName: displayName || ' ', hideOrganisationName: hideOrganisationName === true }}
            src={images.src('logo')}
          />
        </div>
        <div className="theme-preview-body">
          {hero && <img className="theme-preview-hero" src={hero} alt="" />}
          <div className="card theme-preview-card">
            <p className="theme-preview-heading">{MESSAGES.signInHeader}</p>
            <span className="theme-preview-label">{M.previewEmail}</span>
            <span className="theme-preview-input" />
            <span className="button button-primary">{MESSAGES.signInButton}</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
