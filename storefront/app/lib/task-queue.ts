import { checkCartTask } from "@etalage/core";
import type { KeyValueStorage } from "./storage.ts";

/**
 * The queue for calls that must survive a reload or being offline (transactional §4 "Sync task",
 * "Offline"). A task is persisted before it is sent and leaves the queue once the server answered
 * it; a call that did not reach the server (offline, network error, 5xx, 429) stays and is sent
 * again later with the same Idempotency-Key, so the server applies it once. One call at a time:
 * `drain()` never runs two tasks at once, and the cart holds its own lock around it so two tabs
 * do not either. `{{cartId}}` in the URL or payload is replaced when the task is sent; a task that
 * needs the cart id when there is none is refused (CART_MESSAGES.cartIdRequired).
 */

export interface QueuedTask {
  /** Also the Idempotency-Key. */
  task_id: string;
  url: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  payload?: unknown;
  created_at: number;
  updated_at: number;
  /** Times it was sent without an answer while the browser said it was online. */
  attempts: number;
  /** Sent and answered (transactional §3 "Sync task"; the spec spells it `transmited`). */
  transmited: boolean;
  /** Kept with its answer after it was transmitted, for `cachedResult`; otherwise forgotten. */
  is_result_cacheable?: boolean;
  /** Announced to listeners (`onSettled`) by this name once settled. */
  callback_event?: string;
  /** Its outcome is not announced (the caller says nothing to the shopper). */
  silent?: boolean;
  result?: unknown;
  resultCode?: number;
  meta?: Record<string, unknown>;
}

type TaskInput = Pick<QueuedTask, "url" | "method" | "payload"> &
  Partial<Pick<QueuedTask, "is_result_cacheable" | "callback_event" | "silent">>;

export type TaskOutcome =
  /** The server answered (any status): the task is done. */
  | { status: "answered"; code: number; result: unknown; meta?: Record<string, unknown> }
  /** Refused before sending or the answer was unusable; the task is dropped. */
  | { status: "refused"; error: string }
  /** Not answered (offline, network error, 5xx, 429): the task stays queued. */
  | { status: "waiting" };

export const BAD_CONTENT_TYPE = "Error with response - bad content-type!";
export const WRONG_RESPONSE_FORMAT = "Unhandled error, wrong response format!";
export const NO_ANSWER = "No answer from the server";
/** Cacheable results kept, newest first. */
export const CACHED_RESULTS_LIMIT = 20;

export interface TaskQueueOptions {
  storage: KeyValueStorage;
  /** Storage key of the persisted tasks. */
  key: string;
  cartId: () => string | null | undefined;
  fetch?: typeof fetch;
  newId?: () => string;
  now?: () => number;
  /**
   * Sends without an answer while online after which a task is rejected (NO_ANSWER) and
   * dropped. Time offline never counts. The cart's queue waits for ever (ADR 0010): its calls
   * are idempotent and a dropped one would undo the shopper's change.
   */
  maxAttempts?: number;
  /** Whether the browser says it is online; a send that fails offline is not an attempt. */
  online?: () => boolean;
  /** Told whenever the number of queued tasks changes (the pending count the shopper sees). */
  onPendingChange?: (count: number) => void;
  /** Told of every settled task that is not silent. */
  onSettled?: (task: QueuedTask, outcome: TaskOutcome) => void;
}

export interface TaskQueue {
  /** Persists a task, then drains the queue up to it; resolves with the task's outcome. */
  enqueue(task: TaskInput): Promise<TaskOutcome>;
  /** Takes over tasks persisted by an earlier page (or another tab) and sends everything queued. */
  drain(): Promise<"done" | "waiting">;
  /** Tasks not yet transmitted. */
  pending(): readonly QueuedTask[];
  /** The kept answer of the last transmitted cacheable task for this URL and method. */
  cachedResult(url: string, method?: QueuedTask["method"]): Promise<QueuedTask | undefined>;
  /** Offline: untransmitted tasks can be cleared. */
  clear(): Promise<void>;
}

function randomId(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

function substitute(text: string, cartId: string): string {
  return text.replaceAll("{{cartId}}", encodeURIComponent(cartId));
}

export function createTaskQueue(options: TaskQueueOptions): TaskQueue {
  const { storage, key } = options;
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const newId = options.newId ?? randomId;
  const now = options.now ?? Date.now;
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  const online = options.online ?? (() => globalThis.navigator?.onLine !== false);
  const resultsKey = `${key}:results`;

  let tasks: QueuedTask[] = [];
  const waiters = new Map<string, (outcome: TaskOutcome) => void>();
  let running: Promise<"done" | "waiting"> | undefined;

  let reportedPending = -1;
  const persist = async () => {
    await storage.set(key, tasks);
    if (tasks.length !== reportedPending) {
      reportedPending = tasks.length;
      options.onPendingChange?.(tasks.length);
    }
  };

  /** A transmitted cacheable task keeps its answer; older answers for the same call give way. */
  async function keepResult(task: QueuedTask) {
    const kept = (await storage.get<QueuedTask[]>(resultsKey)) ?? [];
    const others = kept.filter((t) => !(t.url === task.url && t.method === task.method));
    await storage.set(resultsKey, [task, ...others].slice(0, CACHED_RESULTS_LIMIT));
  }

  async function takeOver() {
    const stored = (await storage.get<QueuedTask[]>(key)) ?? [];
    const known = new Set(tasks.map((t) => t.task_id));
    const fromElsewhere = stored.filter((t) => !known.has(t.task_id));
    if (fromElsewhere.length > 0) tasks = [...fromElsewhere, ...tasks];
  }

  function settle(task: QueuedTask, outcome: TaskOutcome) {
    waiters.get(task.task_id)?.(outcome);
    waiters.delete(task.task_id);
    if (!task.silent) options.onSettled?.(task, outcome);
  }

  async function sendOne(task: QueuedTask): Promise<TaskOutcome> {
    const check = checkCartTask(`${task.url}${JSON.stringify(task.payload ?? "")}`, options.cartId());
    if (!check.ok) return { status: "refused", error: check.error };
    const cartId = options.cartId() ?? "";
    let response: Response;
    try {
      response = await send(substitute(task.url, cartId), {
        method: task.method,
        headers: {
          "idempotency-key": task.task_id,
          ...(task.payload === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(task.payload === undefined ? {} : { body: substitute(JSON.stringify(task.payload), cartId) }),
      });
    } catch {
      return { status: "waiting" };
    }
    if (response.status >= 500 || response.status === 429) return { status: "waiting" };
    if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
      return { status: "refused", error: BAD_CONTENT_TYPE };
    }
    const body = (await response.json().catch(() => null)) as {
      code?: number;
      result?: unknown;
      meta?: Record<string, unknown>;
    } | null;
    if (!body || typeof body !== "object" || !("result" in body)) {
      return { status: "refused", error: WRONG_RESPONSE_FORMAT };
    }
    return { status: "answered", code: body.code ?? response.status, result: body.result, meta: body.meta };
  }

  async function runAll(): Promise<"done" | "waiting"> {
    await takeOver();
    while (tasks.length > 0) {
      const task = tasks[0]!;
      let outcome = await sendOne(task);
      task.updated_at = now();
      if (outcome.status === "waiting") {
        if (online()) task.attempts++;
        if (task.attempts < maxAttempts) {
          await persist();
          return "waiting";
        }
        outcome = { status: "refused", error: NO_ANSWER };
      }
      if (outcome.status === "answered") {
        task.transmited = true;
        task.result = outcome.result;
        task.resultCode = outcome.code;
        if (outcome.meta) task.meta = outcome.meta;
        if (task.is_result_cacheable) await keepResult(task);
      }
      tasks = tasks.filter((t) => t !== task);
      await persist();
      settle(task, outcome);
    }
    return "done";
  }

  const drain = (): Promise<"done" | "waiting"> => {
    // One run at a time; a call during a run waits for it, then runs what is left.
    const previous = running ?? Promise.resolve("done" as const);
    const next = previous.catch(() => "done" as const).then(runAll);
    running = next;
    next.finally(() => {
      if (running === next) running = undefined;
    });
    return next;
  };

  return {
    async enqueue(input) {
      const at = now();
      const task: QueuedTask = {
        ...input,
        task_id: newId(),
        created_at: at,
        updated_at: at,
        attempts: 0,
        transmited: false,
      };
      tasks.push(task);
      await persist();
      const outcome = new Promise<TaskOutcome>((resolve) => waiters.set(task.task_id, resolve));
      const result = await drain();
      if (result === "waiting" && waiters.has(task.task_id)) return { status: "waiting" };
      return outcome;
    },
    drain,
    pending: () => tasks.slice(),
    async cachedResult(url, method = "GET") {
      const kept = (await storage.get<QueuedTask[]>(resultsKey)) ?? [];
      return kept.find((t) => t.url === url && t.method === method);
    },
    async clear() {
      for (const task of tasks) settle(task, { status: "refused", error: "cleared" });
      tasks = [];
      await persist();
    },
  };
}
