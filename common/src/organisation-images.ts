/** The organisation's images: their kinds, the form fields and delete flags of the settings form, and their URLs. */
export const ORGANISATION_IMAGES = {
  logo: { field: 'logo', deleteFlag: 'deleteLogo', idField: 'logoID' },
  background: { field: 'backgroundImage', deleteFlag: 'deleteBackgroundImage', idField: 'backgroundImageID' },
  hero: { field: 'hero', deleteFlag: 'deleteHero', idField: 'heroImageID' },
  favicon: { field: 'favicon', deleteFlag: 'deleteFavicon', idField: 'favicon' },
} as const;
export type OrganisationImageKind = keyof typeof ORGANISATION_IMAGES;
