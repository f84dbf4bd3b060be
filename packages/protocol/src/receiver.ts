/**
 * The client's side of protocol v2: keeps its copy of the viewer's state from the welcome on,
 * applies each `step`'s change, checks the copy against the digest the server sends now and then,
 * and hands the screens what they read (`ViewerMessage`: the `ack` for the client's own action,
 * then an `update` with the whole view and hints). When the copy cannot be trusted (a change that
 * does not fit, a missed version, a digest that differs) it says so, and the client asks for the
 * whole view again (`resync`) and ignores steps until the new welcome.
 */
import type { JsonObject } from './delta.js';
import { PatchError, applyObject, digest } from './delta.js';
import type { ServerMessage, StepMessage, UpdateMessage, ViewerMessage } from './messages.js';
import { asJson, asState, packState, unpackState } from './state.js';
import { unpackStep } from './step.js';

/** The messages for the screens, and when the copy went wrong, why (then ask for a `resync`). */
export interface Received {
  messages: ViewerMessage[];
  resync?: string;
}

export class Receiver {
  private state: JsonObject | undefined;
  private version = 0;
  /** Waiting for a welcome after asking for one: steps until then are dropped. */
  private resyncing = false;

  /** What `message` means for the screens, or why the copy must be fetched again. */
  receive(message: ServerMessage): Received {
    switch (message.type) {
      case 'welcome':
        this.resyncing = false;
        this.version = message.version;
        this.state =
          message.view === undefined
            ? undefined
            : asJson(packState(message.view, message.hints ?? { lastRound: [] }));
        return { messages: [message] };
      case 'step':
        return this.step(message);
      default:
        return { messages: [message] };
    }
  }

  /** The client asked for the whole view again: steps are dropped until it comes. */
  awaitWelcome(): void {
    this.resyncing = true;
  }

  private step(frame: StepMessage): Received {
    if (this.resyncing) return { messages: [] };
    const out: ViewerMessage[] = [];
    const version = frame.step.version;
    if (frame.ack !== undefined) out.push({ type: 'ack', id: frame.ack, version });
    // Already seen (a welcome that came after it was sent): its ack still counts.
    if (version <= this.version) return { messages: out };
    if (version !== this.version + 1) {
      return this.lost(out, `step ${version} after version ${this.version}`);
    }
    let state: JsonObject;
    try {
      state = frame.change === undefined ? (this.state ?? {}) : applyObject(this.state ?? {}, frame.change);
    } catch (e) {
      if (e instanceof PatchError) return this.lost(out, `step ${version}: ${e.message}`);
      throw e;
    }
    if (frame.digest !== undefined && digest(state) !== frame.digest) {
      return this.lost(out, `step ${version}: the view differs from the server's (digest)`);
    }
    this.state = state;
    this.version = version;
    const { view, hints } = unpackState(asState(state));
    const update: UpdateMessage = {
      type: 'update',
      version,
      step: unpackStep(frame.step),
      view,
      hints,
      status: frame.status ?? 'playing',
    };
    if (frame.clocks !== undefined) update.clocks = frame.clocks;
    if (frame.result !== undefined) update.result = frame.result;
    out.push(update);
    return { messages: out };
  }

  private lost(messages: ViewerMessage[], why: string): Received {
    this.resyncing = true;
    return { messages, resync: why };
  }
}
