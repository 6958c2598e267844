/**
 * Names the web app and its service worker share for Background Sync of the outbox: the sync tag
 * the app registers while a write waits offline, and the message the worker posts to open pages
 * so that one of them sends what waits.
 */
export const OUTBOX_SYNC_TAG = "canon-outbox";
export const OUTBOX_FLUSH_MESSAGE = "canon-outbox-flush";
