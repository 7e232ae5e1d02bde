// Talking to the studio's server: every call returns the parsed JSON answer,
// or throws an Error carrying the server's own message (for a refused edit,
// the same paragraph `pnp validate` prints).

async function call(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const answer = await response.json();
  if (!response.ok) {
    const error = new Error(answer.error || `the server answered ${response.status}`);
    error.answer = answer; // a save conflict carries what changed on disk
    throw error;
  }
  return answer;
}

export const getState = () => call("GET", "/api/state");
export const edit = (change) => call("POST", "/api/edit", change);
export const choosePlayers = (players) => call("POST", "/api/validate", { players });
export const save = () => call("POST", "/api/save", {});
export const undo = () => call("POST", "/api/undo", {});
export const redo = () => call("POST", "/api/redo", {});
export const keepMine = () => call("POST", "/api/keep-mine", {});
export const loadDisk = () => call("POST", "/api/load-disk", {});
export const playtest = () => call("GET", "/api/playtest");

// The page is going away: ask the server to keep unsaved edits in a recovery copy.
// A beacon is the one request a closing page is sure to send.
export function leave() {
  const body = new Blob(["{}"], { type: "application/json" });
  navigator.sendBeacon("/api/leave", body);
}
