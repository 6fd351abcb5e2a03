/**
 * Records a publish from its very first packet, losslessly: a subscriber on node-media-server's
 * broadcast that receives the FLV tags as they arrive and writes them to a file. It is attached the
 * moment a publish begins (before the key is even checked), so the recording lacks nothing the encoder
 * sent, unlike an ffmpeg reader that joins after the checks; a refused or unrecorded publish deletes it.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';

/** The parts of node-media-server's BroadcastServer a subscriber uses. */
export interface NmsBroadcast {
  postPlay(session: object): string | null;
  donePlay(session: object): void;
}

export class FlvRecorder {
  private out: WriteStream;
  private closed: Promise<void> | null = null;
  /**
   * A play session as node-media-server sees one: protocol `flv` receives FLV tags; an empty `ip`
   * keeps it out of play events and play authorisation (it is this process, not a viewer).
   */
  private readonly subscriber = {
    id: `recorder-${randomBytes(6).toString('hex')}`,
    ip: '',
    protocol: 'flv',
    isPublisher: false,
    endTime: 0,
    sendBuffer: (buffer: Buffer) => {
      if (!this.closed) this.out.write(buffer);
    },
    close: () => undefined,
  };

  constructor(
    private broadcast: NmsBroadcast,
    public file: string,
  ) {
    this.out = createWriteStream(file);
    this.out.on('error', () => undefined);
    broadcast.postPlay(this.subscriber);
  }

  /** Stops receiving and flushes the file. */
  stop(): Promise<void> {
    this.closed ??= (async () => {
      this.broadcast.donePlay(this.subscriber);
      await new Promise<void>((resolve) => this.out.end(() => resolve()));
    })();
    return this.closed;
  }

  async discard(): Promise<void> {
    await this.stop();
    await rm(this.file, { force: true });
  }
}
