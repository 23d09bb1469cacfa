// The server's JSON API, and the score sheet's writes and reads that name the version of the
// sheet this page saw (its ETag), so that one phone never writes over another's turn unseen.

export async function api(method, url, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw Object.assign(new Error(data.detail || `the server answered ${response.status}: try again`),
      { status: response.status, data });
  }
  return data;
}

// A write to the logged game `g`, sent with the version of its sheet this page last saw: where
// another phone has changed the sheet since, the server writes nothing and answers 412, with the
// sheet as it is now in the error's `data.sheet`.
export function writeSheet(g, path, body) {
  return api("POST", `/api/log/games/${g.id}/${path}`, body, { "If-Match": g.etag });
}

// The logged game `g`'s sheet where it changed since this page saw it, else null: the server
// answers 304 while the sheet is the one this page has. No connection now is null too.
export async function changedSheet(g) {
  const response = await fetch(`/api/log/games/${g.id}`, { headers: { "If-None-Match": g.etag }, cache: "no-store" })
    .catch(() => null);   // asked again next time
  return response && response.status === 200 ? response : null;
}
