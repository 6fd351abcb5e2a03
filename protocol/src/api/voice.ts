/**
 * Voice assistants (spec §2 /voice-assistant; §7 voice-assistant calls): linked assistants and what
 * the Alexa skill understands.
 */
import { z } from 'zod';
import { Id, IsoDate, requiredText } from '../primitives.ts';

export const VoiceAssistantSchema = z.object({
  id: Id,
  platform: z.enum(['alexa', 'google', 'siri']),
  deviceName: z.string(),
  enabled: z.boolean(),
  lastUsed: IsoDate.nullable(),
});
export type VoiceAssistant = z.infer<typeof VoiceAssistantSchema>;

// ---------- Voice assistants ----------

export const VOICE_PLATFORMS = ['alexa', 'google', 'siri'] as const;
/** Spec §3 voice assistant, plus how far account linking has got. */
export const VoiceAssistantDetailSchema = VoiceAssistantSchema.extend({
  /** Alexa: say "Alexa, ask OnAir to link code {linkCode}" to finish linking; null once linked. */
  linkCode: z.string().nullable(),
  linked: z.boolean(),
});
export type VoiceAssistantDetail = z.infer<typeof VoiceAssistantDetailSchema>;

export const VoiceAssistantCreateRequestSchema = z.object({
  platform: z.enum(VOICE_PLATFORMS, { error: `platform must be one of ${VOICE_PLATFORMS.join(', ')}` }),
  deviceName: requiredText('deviceName', 100).optional(),
});
export const VoiceAssistantPatchRequestSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** What the Alexa skill understands; the page lists exactly these. */
export const ALEXA_EXAMPLES = [
  'Alexa, ask OnAir to play the radio',
  'Alexa, ask OnAir what\'s on now',
  'Alexa, ask OnAir for the schedule',
  'Alexa, ask OnAir to link code 123456',
] as const;
