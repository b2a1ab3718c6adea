import { useEffect } from "react";
import { createStore, useStore } from "../../lib/store.ts";

/** Browsing §2 "Search": the text outlives the session, in the browser's own storage. */
const SEARCH_TEXT_KEY = "etalage/search-text";

/** One text for every search field (header, mobile menu, panel), so they always agree. */
const textStore = createStore("");
/** The right-hand search sidebar. */
const panelStore = createStore(false);

let persistTimer = 0;

export function setSearchText(text: string): void {
  textStore.set(text);
  if (typeof window === "undefined") return;
  // Typing writes on every key; storage only needs the text the shopper paused on.
  window.clearTimeout(persistTimer);
  persistTimer = window.setTimeout(() => writeStoredText(text), 300);
}

export function searchText(): string {
  return textStore.get();
}

export function useSearchText(): string {
  return useStore(textStore);
}

export function openSearchPanel(): void {
  panelStore.set(true);
}

export function closeSearchPanel(): void {
  panelStore.set(false);
}

export function useSearchPanelOpen(): boolean {
  return useStore(panelStore);
}

/**
 * Restores the stored text once the page has hydrated (the server cannot know it, and the first
 * client render has to match the server's). Mount once, in the shell.
 */
export function useStoredSearchText(): void {
  useEffect(() => {
    const stored = readStoredText();
    if (stored && textStore.get() === "") textStore.set(stored);
    const flush = () => writeStoredText(textStore.get());
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);
}

function readStoredText(): string {
  try {
    return window.localStorage.getItem(SEARCH_TEXT_KEY) ?? "";
  } catch {
    return ""; // storage off (private mode, policy): the search still works, it just forgets
  }
}

function writeStoredText(text: string): void {
  try {
    if (text) window.localStorage.setItem(SEARCH_TEXT_KEY, text);
    else window.localStorage.removeItem(SEARCH_TEXT_KEY);
  } catch {
    // As above: a full or disabled storage only costs the memory of the text.
  }
}
