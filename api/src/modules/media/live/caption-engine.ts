/** What a live captioner gives and how it is stopped (live-captions.ts picks one per take). */
export interface CaptionCueOut {
  /** Times from the start of the broadcast. */
  startMs: number;
  endMs: number;
  text: string;
  /** From the last word reaching OnAir to the cue being ready. */
  delayMs: number;
}

export interface LiveCaptions {
  /** Ends the take's captions; cues of audio already heard still go out. */
  stop(): Promise<void>;
}
