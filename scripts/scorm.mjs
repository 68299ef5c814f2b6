// The SCORM package of a notebook: <id>-scorm12.zip (SCORM 1.2) or <id>-scorm2004.zip (SCORM 2004
// 4th edition) with
//   imsmanifest.xml   at the zip's root: one organization, one item, one SCO (index.html)
//   index.html        the standalone notebook (scripts/standalone.mjs) whose entry also runs the
//                     SCORM adapter (web/scorm/scorm-entry.js): it finds the LMS's API in the
//                     parent frames, records cells seen and practice answered correctly in
//                     cmi.suspend_data and sets the completion status (docs/embedding.md). The
//                     same launch file speaks both versions; only the manifest differs.
// The zip is deterministic: fixed file order and times, so the same notebook gives the same bytes.
import { zipSync, strToU8 } from 'fflate';
import { escapeHtml, standaloneHtml } from './standalone.mjs';

// SCORM 1.2's content-packaging namespaces (IMS CP 1.1.2 with ADL's extension).
const NS = {
  imscp: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_rootv1p2',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  imsmd: 'http://www.imsglobal.org/xsd/imsmd_rootv1p2p1',
};
// Every entry's time: 1980-01-01 is the earliest a zip stores; any fixed time keeps the bytes stable.
const ZIP_TIME = new Date(1980, 0, 1, 12, 0, 0);

// Text in the manifest: escaped, and refused when XML 1.0 cannot hold it at all (its Char
// production: no C0 control but tab, LF and CR, no U+FFFE or U+FFFF, no lone surrogate; not even
// as &#N;). The validator refuses these in every notebook text (forbidden_character in
// engine/src/notebook/validate_context.hpp); this is the writer's own guard, so that no input ever
// yields an ill-formed imsmanifest.xml that an LMS refuses to import.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function xml(s, field = 'a field') {
  const text = String(s);
  const bad = NOT_XML.exec(text);
  if (bad) {
    const code = `U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw new Error(`the notebook's ${field} contains ${code} at character ${bad.index}, which XML cannot hold; remove it`);
  }
  return escapeHtml(text);
}

export const SCORM_VERSIONS = ['1.2', '2004'];

// The one organization and one SCO both editions declare; 1.2 spells the attribute
// adlcp:scormtype, 2004 adlcp:scormType.
const oneSco = (doc, launch, scormTypeAttribute) => `  <organizations default="attnbook-org">
    <organization identifier="attnbook-org">
      <title>${xml(doc.title, 'title')}</title>
      <item identifier="attnbook-item" identifierref="attnbook-sco" isvisible="true">
        <title>${xml(doc.title, 'title')}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="attnbook-sco" type="webcontent" adlcp:${scormTypeAttribute}="sco" href="${xml(launch)}">
      <file href="${xml(launch)}"/>
    </resource>
  </resources>
`;

/** imsmanifest.xml (SCORM 1.2) for notebook `doc` with the SCO at `launch`. */
export function scormManifest(doc, launch = 'index.html') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attnbook-${xml(doc.id, 'id')}" version="${xml(doc.version, 'version')}"
    xmlns="${NS.imscp}" xmlns:adlcp="${NS.adlcp}" xmlns:xsi="${NS.xsi}"
    xsi:schemaLocation="${NS.imscp} imscp_rootv1p1p2.xsd ${NS.imsmd} imsmd_rootv1p2p1.xsd ${NS.adlcp} adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${oneSco(doc, launch, 'scormtype')}</manifest>
`;
}

// SCORM 2004 4th edition: IMS CP 1.1.4 with ADL's v1p3 extensions. No sequencing rules: one SCO,
// the LMS's defaults (a single activity that the learner may leave and resume).
const NS2004 = {
  imscp: 'http://www.imsglobal.org/xsd/imscp_v1p1',
  adlcp: 'http://www.adlnet.org/xsd/adlcp_v1p3',
  adlseq: 'http://www.adlnet.org/xsd/adlseq_v1p3',
  adlnav: 'http://www.adlnet.org/xsd/adlnav_v1p3',
  imsss: 'http://www.imsglobal.org/xsd/imsss',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
};

/** imsmanifest.xml (SCORM 2004 4th edition) for notebook `doc` with the SCO at `launch`. */
export function scorm2004Manifest(doc, launch = 'index.html') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attnbook-${xml(doc.id, 'id')}" version="${xml(doc.version, 'version')}"
    xmlns="${NS2004.imscp}" xmlns:adlcp="${NS2004.adlcp}" xmlns:adlseq="${NS2004.adlseq}"
    xmlns:adlnav="${NS2004.adlnav}" xmlns:imsss="${NS2004.imsss}" xmlns:xsi="${NS2004.xsi}"
    xsi:schemaLocation="${NS2004.imscp} imscp_v1p1.xsd ${NS2004.adlcp} adlcp_v1p3.xsd ${NS2004.adlseq} adlseq_v1p3.xsd ${NS2004.adlnav} adlnav_v1p3.xsd ${NS2004.imsss} imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${oneSco(doc, launch, 'scormType')}</manifest>
`;
}

/** {name, bytes} of the SCORM zip (`version` '1.2' or '2004') for notebook `doc` (the parsed, valid JSON). */
export async function scormPackage(doc, { version = '1.2' } = {}) {
  if (!SCORM_VERSIONS.includes(version)) throw new Error(`SCORM ${version} is not supported (${SCORM_VERSIONS.join(', ')})`);
  // The manifest first: what XML cannot hold is refused by its own writer, whatever the validator
  // (which standaloneHtml runs) would say.
  const manifest = version === '1.2' ? scormManifest(doc) : scorm2004Manifest(doc);
  const { html } = await standaloneHtml(doc, {
    entry: 'web/scorm/scorm-entry.js',
    note: 'Progress is saved to your course when it offers it; your answers stay here.',
  });
  const files = {
    'imsmanifest.xml': [strToU8(manifest), { mtime: ZIP_TIME }],
    'index.html': [strToU8(html), { mtime: ZIP_TIME }],
  };
  const suffix = version === '1.2' ? 'scorm12' : 'scorm2004';
  return { name: `${doc.id}-${suffix}.zip`, bytes: Buffer.from(zipSync(files, { level: 9 })) };
}
