/**
 * The OnAir Alexa custom skill: play a live station (an AudioPlayer directive with the station's
 * listen URL), what is on now, the schedule, and linking the skill to an OnAir account by the code
 * shown on /voice-assistant. Intent names match `alexa-interaction-model.json`.
 */
import type { FastifyInstance } from 'fastify';
import { listContent } from '../content/repository.ts';
import { liveNowText, scheduleText } from '../sms/actions.ts';
import { linkAlexa, touchLinkedAssistant } from './repository.ts';

export interface AlexaRequestEnvelope {
  version?: string;
  session?: { application?: { applicationId?: string }; user?: { userId?: string } };
  context?: { System?: { application?: { applicationId?: string }; user?: { userId?: string } } };
  request: {
    type: string;
    timestamp: string;
    intent?: { name: string; slots?: Record<string, { name: string; value?: string }> };
  };
}

type Directive = Record<string, unknown>;

function respond(speech: string | null, opts: { directives?: Directive[]; endSession?: boolean; reprompt?: string } = {}) {
  return {
    version: '1.0',
    response: {
      ...(speech ? { outputSpeech: { type: 'PlainText', text: speech } } : {}),
      ...(opts.reprompt ? { reprompt: { outputSpeech: { type: 'PlainText', text: opts.reprompt } } } : {}),
      ...(opts.directives ? { directives: opts.directives } : {}),
      shouldEndSession: opts.endSession ?? true,
    },
  };
}

export const applicationIdOf = (envelope: AlexaRequestEnvelope) =>
  envelope.context?.System?.application?.applicationId ?? envelope.session?.application?.applicationId;
const alexaUserOf = (envelope: AlexaRequestEnvelope) => envelope.context?.System?.user?.userId ?? envelope.session?.user?.userId;

/** A live radio item that has a listen URL; the one whose title matches `station` when named. */
async function liveStation(app: FastifyInstance, station: string | undefined) {
  const live = (await listContent(app.db.kysely, app.liveAudience, { live: true, type: 'radio', limit: 50 })).filter((c) => c.playback?.audio);
  if (station) {
    const wanted = station.toLowerCase();
    const match = live.find((c) => c.title.toLowerCase().includes(wanted) || (c.creatorName ?? '').toLowerCase().includes(wanted));
    if (match) return match;
  }
  return live[0];
}

const absolute = (app: FastifyInstance, url: string) => (/^https?:\/\//.test(url) ? url : app.config.publicUrl + url);

export async function handleAlexa(app: FastifyInstance, envelope: AlexaRequestEnvelope) {
  const alexaUser = alexaUserOf(envelope);
  const assistant = alexaUser ? await touchLinkedAssistant(app.db.kysely, alexaUser) : undefined;
  if (assistant && !assistant.enabled) return respond('This Alexa is switched off in your OnAir settings. Turn it on at OnAir, Voice Assistant.');

  const { type, intent } = envelope.request;
  if (type === 'LaunchRequest') {
    return respond('Welcome to OnAir. You can say: play the radio, what\'s on now, or the schedule.', { endSession: false, reprompt: 'What would you like to hear?' });
  }
  // Playback events and session ends need no answer beyond an empty response.
  if (type !== 'IntentRequest' || !intent) return respond(null);

  switch (intent.name) {
    case 'PlayStationIntent': {
      const station = await liveStation(app, intent.slots?.station?.value);
      if (!station) return respond('No radio station is live right now. Ask me for the schedule to hear what\'s coming.');
      const url = absolute(app, station.playback!.audio!);
      return respond(`Playing ${station.title} on OnAir.`, {
        directives: [
          {
            type: 'AudioPlayer.Play',
            playBehavior: 'REPLACE_ALL',
            audioItem: {
              stream: { url, token: `content-${station.id}`, offsetInMilliseconds: 0 },
              metadata: { title: station.title, subtitle: station.creatorName ?? 'OnAir' },
            },
          },
        ],
      });
    }
    case 'WhatsOnIntent':
      return respond(await liveNowText(app));
    case 'ScheduleIntent':
      return respond(await scheduleText(app));
    case 'LinkAccountIntent': {
      const code = (intent.slots?.code?.value ?? '').replace(/\D/g, '');
      if (!alexaUser || code.length !== 6) return respond('Say link code, then the six digits shown on the OnAir voice assistant page.');
      const linked = await linkAlexa(app.db.kysely, code, alexaUser);
      return respond(linked ? `Done. This Alexa is linked to ${linked.username} on OnAir.` : 'That code did not match. Check the code on the OnAir voice assistant page.');
    }
    case 'AMAZON.PauseIntent':
    case 'AMAZON.StopIntent':
    case 'AMAZON.CancelIntent':
      return respond(null, { directives: [{ type: 'AudioPlayer.Stop' }] });
    case 'AMAZON.HelpIntent':
      return respond('Say: play the radio, what\'s on now, or the schedule. To link your account, say link code and the six digits from OnAir.', { endSession: false });
    default:
      return respond('Sorry, OnAir cannot do that yet. Say help to hear what I can do.');
  }
}
