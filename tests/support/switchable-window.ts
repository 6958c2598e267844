/**
 * The window the web app's network state listens to, in Node: `navigator.onLine` and the
 * `online` and `offline` events, switched by the test.
 */
export function switchableWindow() {
  const win = Object.assign(new EventTarget(), { navigator: { onLine: true } });
  return {
    win,
    goOffline() {
      win.navigator.onLine = false;
      win.dispatchEvent(new Event("offline"));
    },
    goOnline() {
      win.navigator.onLine = true;
      win.dispatchEvent(new Event("online"));
    },
  };
}
