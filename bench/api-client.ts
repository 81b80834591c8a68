// A client of a running server's API over real HTTP (fetch keeps connections alive), unwrapping
// the `{ response }` envelope; any answer of 300 or more throws with its body.
export class ApiClient {
  constructor(
    /** `http://host:port`, without the /api/v1 prefix. */
    readonly origin: string,
    public token?: string,
  ) {}

  async call<T = unknown>(method: string, url: string, body?: unknown, contentType = 'application/json'): Promise<T> {
    const res = await fetch(`${this.origin}/api/v1${url}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text).response : undefined) as T;
  }

  /** Signs in and keeps the session's token for the calls that follow. */
  async login(username: string, password: string): Promise<void> {
    this.token = (await this.call<{ token: string }>('POST', '/auth/login', { username, password })).token;
  }
}
