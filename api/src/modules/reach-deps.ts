/** What the reach areas (SMS, push, voice) take from outside, so tests can stand in for the world. */
import type { Agent } from 'node:https';
import type { SmsSender } from './sms/sender.ts';
import type { AlexaVerifierOptions } from './voice/alexa-verifier.ts';

export interface ReachDeps {
  /** Sends go-live texts; by default Twilio's API when configured, else a log line. */
  smsSender?: SmsSender;
  /** Where Alexa's certificate chains come from and which roots are trusted. */
  alexa?: AlexaVerifierOptions;
  /** The HTTPS agent for push services (tests trust their local push endpoint's certificate). */
  pushAgent?: Agent;
}
