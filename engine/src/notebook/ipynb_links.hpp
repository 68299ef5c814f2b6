#pragma once
// The `ipynb` export's links: a notebook's relative links ("../attention-explorable/", "#papers")
// point into the site it was published on, and mean nothing in a downloaded .ipynb. When the export
// knows the page's address, they are resolved against it (RFC 3986, section 5.2), as the browser
// resolved them on the page.
#include <string>

namespace attnbook {

// `markdown` with each relative link target outside code resolved against `page_url` (an https://
// or http:// address). Absolute targets, targets in code spans and fenced code are left as written.
std::string links_resolved(const std::string& markdown, const std::string& page_url);

// `target` resolved against `base` (both as written; the target has no scheme).
std::string resolved_reference(const std::string& base, const std::string& target);

}  // namespace attnbook
