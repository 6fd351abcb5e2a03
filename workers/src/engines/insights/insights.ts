/**
 * Insights over one viewership record: shares, ratios and comparisons computed from the numbers given
 * (and, for the caller's own content, from its view history), each phrased as a sentence that carries
 * its figures. Nothing here is said unless the data shows it.
 */
import { languageName, type ViewershipRecord } from '@onair/protocol';

export interface ItemHistory {
  /** Running time in seconds; 0 when unknown (live). */
  durationSeconds: number;
  language: string;
  viewsLast7: number;
  viewsPrev7: number;
  /** UTC hour with the most views of this item over the last 90 days. */
  peakHourUtc: number | null;
  /** Share of mobile views over the last 14 days and the 14 before (null without views). */
  mobileShareRecent: number | null;
  mobileSharePrev: number | null;
}

export interface CreatorHistory {
  item: ItemHistory;
  /** Average watch per view over the creator's other items, last 90 days. */
  catalogueAvgWatchSeconds: number | null;
  catalogueViewsLast7: number;
  catalogueViewsPrev7: number;
}

export interface InsightsOutput {
  insights: string[];
  recommendations: string[];
  trends: string[];
}

const DEVICE_LABELS: Record<string, string> = { mobile: 'mobile', web: 'web', tv: 'TV', satellite: 'satellite' };
const pct = (x: number) => `${Math.round(x * 100)}%`;
const count = (n: number) => n.toLocaleString('en-US');
/** '1 viewer', '300 viewers'. */
const plural = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
/** The country code the API records for a view whose country is not known; it is no place to name. */
const UNKNOWN_COUNTRY = 'ZZ';

let regionNames: Intl.DisplayNames | undefined;
export function countryName(code: string): string {
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Main language of a country, for the supported languages other than English. */
const COUNTRY_LANGUAGE: Record<string, string> = {
  ES: 'es', MX: 'es', AR: 'es', CO: 'es', CL: 'es', PE: 'es', VE: 'es', EC: 'es', GT: 'es', CU: 'es', BO: 'es', UY: 'es',
  FR: 'fr', SN: 'fr', CI: 'fr', CM: 'fr', BE: 'fr', CD: 'fr', ML: 'fr', BF: 'fr',
  BR: 'pt', PT: 'pt', AO: 'pt', MZ: 'pt',
  DE: 'de', AT: 'de', CH: 'de',
  IT: 'it',
  RU: 'ru', BY: 'ru', KZ: 'ru',
  JP: 'ja', KR: 'ko', CN: 'zh', TW: 'zh', HK: 'zh',
  EG: 'ar', SA: 'ar', AE: 'ar', MA: 'ar', DZ: 'ar', IQ: 'ar', JO: 'ar', TN: 'ar',
  IN: 'hi',
};

/** Formats seconds as '42 min' or '1 h 05 min' or '35 s'. */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function shares(breakdown: Record<string, number>): { key: string; count: number; share: number }[] {
  const total = Object.values(breakdown).reduce((a, b) => a + b, 0);
  if (total === 0) return [];
  return Object.entries(breakdown)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => ({ key, count: n, share: n / total }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

function change(now: number, before: number): number | null {
  return before > 0 ? (now - before) / before : null;
}

export function buildInsights(record: ViewershipRecord, history: CreatorHistory | null): InsightsOutput {
  const insights: string[] = [];
  const recommendations: string[] = [];
  const trends: string[] = [];
  const title = `“${record.title}”`;

  // Reach against the peak. The record's viewerCount is the distinct viewers so far and peakViewers the
  // most who watched at once (GET /api/analytics/viewership), so their ratio says how much of the
  // audience watched together, not how many watch now: the record has no "now".
  if (record.viewerCount > 0) {
    insights.push(
      record.peakViewers > 0
        ? `${title} has reached ${plural(record.viewerCount, 'viewer')}; at most ${count(record.peakViewers)} watched at the same time.`
        : `${title} has reached ${plural(record.viewerCount, 'viewer')}, ${record.viewerCount === 1 ? 'who did not watch live' : 'none of them live'}.`,
    );
    const together = Math.min(record.peakViewers / record.viewerCount, 1);
    if (record.peakViewers > 0 && together < 0.1) {
      trends.push(`Most of the audience watches on its own time: the largest live audience was ${pct(together)} of all viewers.`);
      recommendations.push(
        history?.item.peakHourUtc != null
          ? `Views of this item peak around ${String(history.item.peakHourUtc).padStart(2, '0')}:00 UTC; schedule the next live session near that hour.`
          : `Only ${pct(together)} of the viewers have watched live together: announce the next live session to subscribers ahead of time.`,
      );
    } else if (together >= 0.5) {
      trends.push(`The audience watches together: the largest live audience was ${pct(together)} of all viewers.`);
    }
  } else {
    insights.push(`${title} has no viewers recorded yet.`);
  }

  // Devices.
  const devices = shares(record.deviceBreakdown);
  if (devices.length) {
    const [first, ...rest] = devices;
    const label = (d: { key: string }) => DEVICE_LABELS[d.key] ?? d.key;
    insights.push(
      rest.length
        ? `${label(first!)[0]!.toUpperCase()}${label(first!).slice(1)} leads with ${pct(first!.share)} of viewers, then ${rest.map((d) => `${label(d)} ${pct(d.share)}`).join(', ')}.`
        : `All recorded viewers watch on ${label(first!)}.`,
    );
    const share = (key: string) => devices.find((d) => d.key === key)?.share ?? 0;
    if (share('mobile') >= 0.4) {
      recommendations.push(`Mobile brings ${pct(share('mobile'))} of viewers: keep on-screen text large and check the stream at 854x480 and 1280x720.`);
    }
    const living = share('tv') + share('satellite');
    if (living >= 0.3) {
      recommendations.push(`TV and satellite bring ${pct(living)} of viewers: a 1920x1080 stream and a fixed weekly slot suit living-room viewing.`);
    }
  }

  // Countries and languages. Shares are of all viewers; those of unknown location are said so, not
  // named as a country ("Unknown Region").
  const byCountry = shares(record.locationBreakdown);
  const unknown = byCountry.find((c) => c.key.toUpperCase() === UNKNOWN_COUNTRY)?.share ?? 0;
  const countries = byCountry.filter((c) => c.key.toUpperCase() !== UNKNOWN_COUNTRY);
  const unknownPart = unknown > 0 ? `; the location of ${pct(unknown)} is unknown` : '';
  if (!countries.length && unknown > 0) insights.push('The location of the recorded viewers is unknown.');
  if (countries.length) {
    const [first, ...rest] = countries;
    const top3 = countries.slice(0, 3).reduce((a, c) => a + c.share, 0);
    insights.push(
      countries.length === 1
        ? unknown > 0
          ? `${pct(first!.share)} of viewers are in ${countryName(first!.key)}${unknownPart}.`
          : `All recorded viewers are in ${countryName(first!.key)}.`
        : `Viewers come from ${countries.length} countries; ${countryName(first!.key)} leads with ${pct(first!.share)}, then ${rest
            .slice(0, 2)
            .map((c) => `${countryName(c.key)} (${pct(c.share)})`)
            .join(' and ')}${countries.length > 3 ? `; the top three hold ${pct(top3)}` : ''}${unknownPart}.`,
    );
    const contentLanguage = history?.item.language ?? 'en';
    const byLanguage = new Map<string, { share: number; countries: string[] }>();
    for (const c of countries) {
      const language = COUNTRY_LANGUAGE[c.key.toUpperCase()];
      if (!language || language === contentLanguage) continue;
      const entry = byLanguage.get(language) ?? { share: 0, countries: [] };
      entry.share += c.share;
      entry.countries.push(countryName(c.key));
      byLanguage.set(language, entry);
    }
    const [language, best] = [...byLanguage].sort((a, b) => b[1].share - a[1].share)[0] ?? [];
    if (language && best && best.share >= 0.1) {
      recommendations.push(
        `${pct(best.share)} of viewers are in ${best.countries.slice(0, 3).join(', ')}, where ${languageName(language)} is spoken: add a ${languageName(language)} translation in Languages.`,
      );
    }
  }

  // Engagement.
  const band = record.engagement >= 0.6 ? 'high' : record.engagement >= 0.3 ? 'moderate' : 'low';
  insights.push(`Engagement is ${pct(record.engagement)}, which is ${band}.`);
  if (band === 'low') {
    recommendations.push(`Engagement is ${pct(record.engagement)}: a poll or a Q&A during the broadcast gives viewers a reason to take part.`);
  }

  // Watch time, against the running time and the creator's own catalogue.
  if (record.averageWatchTime > 0) {
    let sentence = `Viewers stay ${duration(record.averageWatchTime)} on average`;
    if (history && history.item.durationSeconds > 0) {
      sentence += `, ${pct(Math.min(1, record.averageWatchTime / history.item.durationSeconds))} of its ${duration(history.item.durationSeconds)} running time`;
    }
    insights.push(`${sentence}.`);
    const avg = history?.catalogueAvgWatchSeconds;
    if (avg && avg > 0) {
      const diff = (record.averageWatchTime - avg) / avg;
      if (Math.abs(diff) < 0.05) {
        insights.push(`That is in line with your catalogue's average of ${duration(avg)}.`);
      } else {
        insights.push(`That is ${pct(Math.abs(diff))} ${diff > 0 ? 'longer' : 'shorter'} than your catalogue's average of ${duration(avg)}.`);
        if (diff <= -0.1) {
          recommendations.push(`Watch time is ${pct(-diff)} below your average: a stronger opening or shorter segments may hold viewers longer.`);
        }
      }
    }
  }

  // Trends over time, from the creator's history.
  if (history) {
    const item = history.item;
    const growth = change(item.viewsLast7, item.viewsPrev7);
    if (growth !== null) {
      trends.push(
        `Views of ${title} ${growth >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(growth))} over the last 7 days (${count(item.viewsLast7)} against ${count(item.viewsPrev7)} the week before).`,
      );
    } else if (item.viewsLast7 > 0) {
      trends.push(`${title} gained ${plural(item.viewsLast7, 'view')} over the last 7 days, after none the week before.`);
    }
    const catalogue = change(history.catalogueViewsLast7, history.catalogueViewsPrev7);
    if (catalogue !== null) {
      trends.push(`Across your catalogue, views ${catalogue >= 0 ? 'rose' : 'fell'} ${pct(Math.abs(catalogue))} week over week.`);
    }
    if (item.mobileShareRecent !== null && item.mobileSharePrev !== null) {
      const shift = item.mobileShareRecent - item.mobileSharePrev;
      if (Math.abs(shift) >= 0.03) {
        trends.push(`Mobile's share of views ${shift > 0 ? 'rose' : 'fell'} from ${pct(item.mobileSharePrev)} to ${pct(item.mobileShareRecent)} over the last two weeks.`);
      }
    }
  }

  return { insights, recommendations, trends };
}
