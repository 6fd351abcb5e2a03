/**
 * Countries (ISO 3166-1 alpha-2) grouped into the five curation regions of spec §2. The grouping
 * follows the UN geoscheme, with two choices made explicit: Western Asia counts as Asia-Pacific (the
 * region is "Asia and Oceania"), and Mexico, Central America and the Caribbean count as Latin America.
 * Regional analytics, regional curation and Home's ordering all use this one map.
 */
import { CURATION_REGIONS } from './constants.ts';

export type CurationRegion = (typeof CURATION_REGIONS)[number];

export const REGION_COUNTRIES: Readonly<Record<CurationRegion, readonly string[]>> = {
  'north-america': ['US', 'CA', 'GL', 'BM', 'PM', 'UM'],
  europe: [
    'AD', 'AL', 'AT', 'AX', 'BA', 'BE', 'BG', 'BY', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FO', 'FR', 'GB', 'GG',
    'GI', 'GR', 'HR', 'HU', 'IE', 'IM', 'IS', 'IT', 'JE', 'LI', 'LT', 'LU', 'LV', 'MC', 'MD', 'ME', 'MK', 'MT', 'NL', 'NO',
    'PL', 'PT', 'RO', 'RS', 'RU', 'SE', 'SI', 'SJ', 'SK', 'SM', 'UA', 'VA', 'XK',
  ],
  'asia-pacific': [
    'AE', 'AF', 'AM', 'AS', 'AU', 'AZ', 'BD', 'BH', 'BN', 'BT', 'CC', 'CK', 'CN', 'CX', 'FJ', 'FM', 'GE', 'GU', 'HK', 'ID',
    'IL', 'IN', 'IO', 'IQ', 'IR', 'JO', 'JP', 'KG', 'KH', 'KI', 'KP', 'KR', 'KW', 'KZ', 'LA', 'LB', 'LK', 'MH', 'MM', 'MN',
    'MO', 'MP', 'MV', 'MY', 'NC', 'NF', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PF', 'PG', 'PH', 'PK', 'PN', 'PS', 'PW', 'QA', 'SA',
    'SB', 'SG', 'SY', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TO', 'TR', 'TV', 'TW', 'UZ', 'VN', 'VU', 'WF', 'WS', 'YE',
  ],
  'latin-america': [
    'AG', 'AI', 'AR', 'AW', 'BB', 'BL', 'BO', 'BQ', 'BR', 'BS', 'BZ', 'CL', 'CO', 'CR', 'CU', 'CW', 'DM', 'DO', 'EC', 'FK',
    'GD', 'GF', 'GP', 'GT', 'GY', 'HN', 'HT', 'JM', 'KN', 'KY', 'LC', 'MF', 'MQ', 'MS', 'MX', 'NI', 'PA', 'PE', 'PR', 'PY',
    'SR', 'SV', 'SX', 'TC', 'TT', 'UY', 'VC', 'VE', 'VG', 'VI',
  ],
  africa: [
    'AO', 'BF', 'BI', 'BJ', 'BW', 'CD', 'CF', 'CG', 'CI', 'CM', 'CV', 'DJ', 'DZ', 'EG', 'EH', 'ER', 'ET', 'GA', 'GH', 'GM',
    'GN', 'GQ', 'GW', 'KE', 'KM', 'LR', 'LS', 'LY', 'MA', 'MG', 'ML', 'MR', 'MU', 'MW', 'MZ', 'NA', 'NE', 'NG', 'RE', 'RW',
    'SC', 'SD', 'SH', 'SL', 'SN', 'SO', 'SS', 'ST', 'SZ', 'TD', 'TG', 'TN', 'TZ', 'UG', 'YT', 'ZA', 'ZM', 'ZW',
  ],
};

const COUNTRY_TO_REGION: ReadonlyMap<string, CurationRegion> = new Map(
  CURATION_REGIONS.flatMap((region) => REGION_COUNTRIES[region].map((country) => [country, region] as const)),
);

/** The curation region of a country code, or null when the country is unknown or unset. */
export function regionOfCountry(country: string | null | undefined): CurationRegion | null {
  if (!country) return null;
  return COUNTRY_TO_REGION.get(country.toUpperCase()) ?? null;
}

/** Human labels of the regions, for selects and cards. */
export const REGION_LABELS: Readonly<Record<CurationRegion, string>> = {
  'north-america': 'North America',
  europe: 'Europe',
  'asia-pacific': 'Asia-Pacific',
  'latin-america': 'Latin America',
  africa: 'Africa',
};
