// The one rule for where a notebook link may point. Its twin is the C++ link_rule
// (engine/src/notebook/link_rule.cpp), which the validator applies to every link-shaped text;
// tests/corpus/link-targets.json holds the payloads both must agree on (tests/unit/link-rule.test.mjs
// and tests/engine/test_link_rule.cpp run it). Change the two together.
//
// A target is allowed when it is https:// with a host, or relative (no scheme, not "//host"),
// with nothing a browser could read another way. It is checked twice, as written and with its
// %XX escapes decoded once, and both must pass; that makes the answer the same for the text an
// author wrote (the validator sees that) and for markdown-it's normalised, %-encoded href (the
// renderer sees that), and refuses "javascript%3A..." and "%2F%2Fhost" on the way.
// An https:// target names its host alone: no "user:pass@" (issue 20: "https://example.org@evil.example"
// reads as example.org and goes to evil.example).
// Refused anywhere: an empty target, spaces and control characters (browsers drop tabs and
// newlines inside URLs: "java\tscript:" is "javascript:"), backslashes (browsers read "/\host"
// as "//host"), and HTML character references ("&#106;avascript:"): Markdown decodes them, the
// validator does not, so it refuses them.

/** Why `target` is refused ('' when it is allowed). */
export function linkTargetProblem(target) {
  const raw = String(target);
  if (raw.length === 0) return 'the target is empty';
  if (/&#?[A-Za-z0-9]+;/.test(raw)) return 'it contains an HTML character reference (write the character itself)';
  return shapeProblem(codes(raw), 0x20) || shapeProblem(percentDecoded(raw), 0x1f);
}

/** True when a link may point at `target`. */
export function linkTargetAllowed(target) {
  return linkTargetProblem(target) === '';
}

/**
 * The attributes of a notebook link to an allowed `href`. A link to another site (https://) opens
 * in a new browsing context: inside a SCORM frame or an embed, following it in place would leave
 * the LMS frame on a foreign page (and let that page post messages to the host as if it were the
 * notebook). rel="noopener noreferrer": the new page gets no window.opener and no Referer.
 * Relative links stay in place (they name pages of the same site).
 */
export function linkAttributes(href) {
  const external = startsWithLower(codes(String(href)), 'https://');
  return external ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href, rel: 'noopener noreferrer' };
}

// The checks on one form of the target, as character codes (any code above 0x7f counts as "other").
// Codes up to `lastControl` are refused: 0x20 (space) as written, 0x1f once decoded, since "%20"
// is how a URL writes a space and a browser keeps it.
function shapeProblem(c, lastControl) {
  for (const code of c) {
    if (code <= lastControl || code === 0x7f) return 'it contains a space or a control character';
    if (code === 0x5c) return 'it contains a backslash';
  }
  if (startsWithLower(c, 'https://')) {
    const host = c[8];
    const hostStart = host !== undefined && (isAsciiAlnum(host) || host > 0x7f || host === 0x5b /* [ */);
    if (!hostStart) return 'https:// is not followed by a host name';
    // The authority (up to the first "/", "?" or "#") names a host only: "user:pass@" before
    // it shows the reader one site and sends them to another ("https://example.org@evil.example").
    for (let i = 8; i < c.length && c[i] !== 0x2f && c[i] !== 0x3f && c[i] !== 0x23; i++) {
      if (c[i] === 0x40) return 'it names a user before the host (user@host): write the host alone';
    }
    return '';
  }
  if (c[0] === 0x2f && c[1] === 0x2f) return 'it starts with // (a link to another host)';
  for (const code of c) {
    if (code === 0x2f || code === 0x3f || code === 0x23) break; // "/", "?", "#": a colon after these is no scheme
    if (code === 0x3a) return 'it has a scheme other than https://';
  }
  return '';
}

function codes(text) {
  const out = new Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

// "%XX" (two hex digits) -> that byte; anything else as it is. One pass, like a browser's one decode.
function percentDecoded(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 && isHex(text.charCodeAt(i + 1)) && isHex(text.charCodeAt(i + 2))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      out.push(code);
    }
  }
  return out;
}

function startsWithLower(c, prefix) {
  if (c.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const code = c[i] >= 0x41 && c[i] <= 0x5a ? c[i] + 0x20 : c[i];
    if (code !== prefix.charCodeAt(i)) return false;
  }
  return true;
}

function isAsciiAlnum(code) {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isHex(code) {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
