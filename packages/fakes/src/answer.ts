/** HTTP answers the emulators write as they are, and the pages several emulated services share. */

/** An HTTP answer an emulator writes as is. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function jsonAnswer(status: number, body: string): Answer {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

export function xmlAnswer(status: number, body: string): Answer {
  return { status, headers: { 'content-type': 'text/xml; charset=utf-8' }, body };
}

export function htmlAnswer(status: number, body: string): Answer {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The 404 page for a path no emulated service has. */
export function notFoundPage(): Answer {
  return htmlAnswer(
    404,
    '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n',
  );
}

/** What a reverse proxy answers when the service behind it is down. */
export function proxyDownPage(): Answer {
  return htmlAnswer(
    503,
    '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
      '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n',
  );
}
