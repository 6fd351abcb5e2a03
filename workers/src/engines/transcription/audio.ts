/**
 * Every engine gets the same input: 16 kHz mono 16-bit PCM WAV, which is what pocketsphinx's
 * en-us model was trained on and what Whisper resamples to anyway (so uploads stay small).
 */
import { runTool } from '../media/run.ts';

export const SPEECH_SAMPLE_RATE = 16_000;

export function speechWavArgs(input: string, output: string, range?: { fromSeconds: number; seconds: number }): string[] {
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    ...(range ? ['-ss', String(range.fromSeconds), '-t', String(range.seconds)] : []),
    '-i', input,
    '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(SPEECH_SAMPLE_RATE), '-c:a', 'pcm_s16le', '-f', 'wav', output,
  ];
}

export async function toSpeechWav(ffmpegPath: string, input: string, output: string): Promise<void> {
  await runTool(ffmpegPath, speechWavArgs(input, output));
}
