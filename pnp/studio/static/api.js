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
    throw new Error(answer.error || `the server answered ${response.status}`);
  }
  return answer;
}

export const getState = () => call("GET", "/api/state");
export const edit = (change) => call("POST", "/api/edit", change);
export const choosePlayers = (players) => call("POST", "/api/validate", { players });
export const save = () => call("POST", "/api/save", {});
