import {
  INITIAL_TOKEN_STATE,
  TOKEN_RETRY_MS,
  type TokenEvent,
  type TokenState,
  taskGate,
  tokenTransition,
} from "@etalage/core";

/**
 * The token lock of transactional §4 wired to the network: every authenticated call (the account
 * pages' and the cart's task queue) passes `ready()` first, so while a refresh runs (lock 1) calls
 * wait and ask again every TOKEN_RETRY_MS, then go out with the new token; once the lock is -1
 * they are aborted. The transitions are core's (tokenTransition); this only performs the effects.
 */
export type RefreshOutcome = "refreshed" | "refused" | "unreachable";

export interface TokenLockEffects {
  /** One refresh call: new tokens stored ("refreshed"), refused by the server, or no answer. */
  refresh(): Promise<RefreshOutcome>;
  /** Lock -1: log out silently, clear untransmitted tasks, open the sign-up modal. */
  giveUp(): Promise<void> | void;
  wait?(ms: number): Promise<void>;
}

export interface TokenLock {
  state(): TokenState;
  /** Before an authenticated call: true to send it, false when the lock gave up (abort). */
  ready(): Promise<boolean>;
  /**
   * A 401 on an authenticated call, or a token about to expire: refresh under the lock (or wait
   * for the refresh already running). True when the call may go (again) with the current token.
   */
  unauthorised(): Promise<boolean>;
  /** A fresh login starts over: lock 0, no attempts. */
  loggedIn(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTokenLock(effects: TokenLockEffects): TokenLock {
  const wait = effects.wait ?? sleep;
  let state: TokenState = INITIAL_TOKEN_STATE;
  const step = (event: TokenEvent) => {
    const next = tokenTransition(state, event);
    state = next.state;
    return next.effect;
  };

  async function ready(): Promise<boolean> {
    for (;;) {
      const gate = taskGate(state.lock);
      if (gate === "send") return true;
      if (gate === "abort") return false;
      await wait(TOKEN_RETRY_MS);
    }
  }

  return {
    state: () => state,
    ready,
    async unauthorised() {
      const effect = step({ type: "unauthorised", autoRefresh: true });
      if (effect === "logout-and-sign-up") {
        await effects.giveUp();
        return false;
      }
      // Lock already 1 (another call is refreshing) or -1: wait for the outcome like any task.
      if (effect !== "refresh") return ready();
      const outcome = await effects.refresh().catch((): RefreshOutcome => "unreachable");
      const after = step(
        outcome === "refreshed"
          ? { type: "refreshed" }
          : outcome === "refused"
            ? { type: "refresh-failed" }
            : { type: "refresh-unreachable" },
      );
      if (after === "logout-and-sign-up") await effects.giveUp();
      return outcome === "refreshed";
    },
    loggedIn() {
      step({ type: "logged-in" });
    },
  };
}
