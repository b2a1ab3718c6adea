import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addNotification,
  createNotification,
  isUrgent,
  NOTIFICATION_LIFETIME_MS,
  type Notification,
  type NotificationType,
  notificationLifetime,
  removeNotification,
} from "./notifications.ts";

describe("createNotification", () => {
  it("defaults to danger with a timeout (transactional §3)", () => {
    expect(createNotification({ message: "Oeps" }, "1")).toEqual({
      id: "1",
      type: "danger",
      message: "Oeps",
      hasNoTimeout: false,
    });
  });

  it.each<NotificationType>(["secondary", "info", "success", "warning", "danger"])(
    "keeps type %s",
    (type) => {
      expect(createNotification({ type, message: "x" }, "1").type).toBe(type);
    },
  );

  it("treats an unknown type as danger", () => {
    expect(createNotification({ type: "fatal" as NotificationType, message: "x" }, "1").type).toBe("danger");
  });

  it("keeps both actions with their labels", () => {
    const action = () => {};
    const n = createNotification(
      { message: "x", action1: { label: "OK", action }, action2: { label: "Nee" } },
      "1",
    );
    expect(n.action1).toEqual({ label: "OK", action });
    expect(n.action2).toEqual({ label: "Nee" });
  });
});

describe("addNotification", () => {
  it("appends a new message", () => {
    const list = addNotification([], { message: "a" }, "1");
    expect(addNotification(list, { message: "b" }, "2").map((n) => n.message)).toEqual(["a", "b"]);
  });

  it("does not add a message equal to the latest one (transactional §5)", () => {
    const list = addNotification([], { message: "a", type: "info" }, "1");
    expect(addNotification(list, { message: "a", type: "success" }, "2")).toBe(list);
  });

  it("adds a message equal to an older one but not the latest", () => {
    let list = addNotification([], { message: "a" }, "1");
    list = addNotification(list, { message: "b" }, "2");
    expect(addNotification(list, { message: "a" }, "3").map((n) => n.id)).toEqual(["1", "2", "3"]);
  });

  it("adds the message again once the latest one is gone", () => {
    const list = removeNotification(addNotification([], { message: "a" }, "1"), "1");
    expect(addNotification(list, { message: "a" }, "2").map((n) => n.id)).toEqual(["2"]);
  });

  it("never holds two equal messages next to each other", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 30 }), (messages) => {
        let list: readonly Notification[] = [];
        messages.forEach((message, i) => {
          list = addNotification(list, { message }, String(i));
        });
        for (let i = 1; i < list.length; i++) expect(list[i]?.message).not.toBe(list[i - 1]?.message);
      }),
    );
  });
});

describe("removeNotification", () => {
  it("removes by id and returns the same list for an unknown id", () => {
    const list = addNotification(addNotification([], { message: "a" }, "1"), { message: "b" }, "2");
    expect(removeNotification(list, "1").map((n) => n.id)).toEqual(["2"]);
    expect(removeNotification(list, "9")).toBe(list);
  });
});

describe("notificationLifetime", () => {
  it.each([
    [{ message: "x" }, NOTIFICATION_LIFETIME_MS],
    [{ message: "x", timeToLive: 1200 }, 1200],
    [{ message: "x", timeToLive: 0 }, 0],
    [{ message: "x", timeToLive: -5 }, NOTIFICATION_LIFETIME_MS],
    [{ message: "x", hasNoTimeout: true }, null],
    [{ message: "x", hasNoTimeout: true, timeToLive: 1200 }, null],
  ])("%o lives %s ms", (input, lifetime) => {
    expect(notificationLifetime(createNotification(input, "1"))).toBe(lifetime);
  });

  it("defaults to 5000 ms (transactional §9)", () => {
    expect(NOTIFICATION_LIFETIME_MS).toBe(5000);
  });
});

describe("isUrgent", () => {
  it("is true only for danger", () => {
    expect(isUrgent(createNotification({ message: "x" }, "1"))).toBe(true);
    expect(isUrgent(createNotification({ message: "x", type: "warning" }, "1"))).toBe(false);
  });
});
