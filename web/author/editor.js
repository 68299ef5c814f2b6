// The JSON editor of the author page: CodeMirror 6 with its JSON language, the engine's
// validation errors as lint diagnostics (underlined at their line and column), completions from
// the format's JSON Schema (completion.js), and cell snippets inserted into the document's "cells"
// array.
//
// CSP: CodeMirror's styles go in through style-mod. In a Document it writes <style> elements,
// which the site's `style-src 'self'` refuses (they would need 'unsafe-inline' or a nonce, and
// a nonce needs a server that makes one per response: the site is static files). In a shadow
// root it uses a constructable stylesheet (adoptedStyleSheets), which CSP does not govern, as the
// notebook element does. So the editor lives in a shadow root of its container, and the policy
// stays as strict as on every other page; tests/browser/author.test.mjs fails on any violation.

import { EditorState } from '@codemirror/state';
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection, hoverTooltip,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { tags } from '@lezer/highlight';
import {
  syntaxHighlighting, HighlightStyle, bracketMatching, foldGutter, foldKeymap, syntaxTree, indentOnInput,
} from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import { searchKeymap, highlightSelectionMatches } from '@codemirror/search';
import { autocompletion, closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { errorOffset } from './positions.js';
import { snippetText } from './template.js';
import { framesTo, literal, VALUE_NODES } from './syntax-path.js';
import { fieldDoc } from './field-docs.js';
import { schemaCompletions } from './completion.js';

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '0.9rem', backgroundColor: 'var(--editor-bg)', color: 'var(--page-fg)' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.45' },
  '.cm-gutters': { backgroundColor: 'var(--editor-gutter)', color: 'var(--page-muted)', borderRight: '1px solid var(--page-rule)' },
  '.cm-activeLine': { backgroundColor: 'var(--editor-active)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--editor-active)' },
  '&.cm-focused': { outline: '2px solid var(--page-link)', outlineOffset: '-2px' },
  '.cm-cursor': { borderLeftColor: 'var(--page-fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--editor-selection)' },
  '.cm-tooltip': { backgroundColor: 'var(--editor-bg)', color: 'var(--page-fg)', border: '1px solid var(--page-rule)' },
  '.cm-field-help': { maxWidth: '28rem', padding: '0.35rem 0.55rem', fontFamily: 'system-ui, sans-serif', fontSize: '0.85rem' },
});

// JSON's tokens in colours that the page's light and dark schemes both define with enough
// contrast (author.css: --cm-*), instead of CodeMirror's default style, which is for light pages.
const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--cm-property)' },
  { tag: tags.string, color: 'var(--cm-string)' },
  { tag: tags.number, color: 'var(--cm-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--cm-keyword)' },
  { tag: tags.invalid, color: 'var(--problem)' },
]);

/**
 * What docs/notebook-format.md says about the field whose name is at `pos` ({name, where, text}),
 * or null: a notebook field, or a cell field (read from the cell's "type"; the common cell fields
 * for any type).
 */
export function fieldHelpAt(state, pos, docs) {
  const node = syntaxTree(state).resolveInner(pos, 1);
  const nameNode = node.name === 'PropertyName' ? node : node.parent?.name === 'PropertyName' ? node.parent : null;
  const object = nameNode?.parent?.parent; // PropertyName -> Property -> Object
  if (!docs || object?.name !== 'Object') return null;
  const slice = (from, to) => state.sliceDoc(from, to);
  const name = literal(nameNode, slice);
  const frames = framesTo(object, slice);
  const text = typeof name === 'string' && frames ? fieldDoc(docs, frames, name) : null;
  if (!text) return null;
  const type = frames.length > 1 ? frames.at(-1).value.type : undefined;
  return { name, where: frames.length === 1 ? 'notebook' : typeof type === 'string' ? `${type} cell` : 'cell', text };
}

/**
 * createEditor(host, {text, label, onChange, readOnly, docs, schema}) -> {view, getText(), setText(text), showErrors(errors), jumpTo(pos), insertCell(cell, fields)}
 * onChange(text) is called after every change of the document. `schema`: a promise of the
 * notebook format's JSON Schema, which the editor completes field names and constants from.
 */
export function createEditor(host, { text, label, onChange, readOnly = false, docs = null, schema = null }) {
  const root = host.shadowRoot || host.attachShadow({ mode: 'open' });
  const view = new EditorView({
    parent: root,
    root,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        foldGutter(),
        lintGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        autocompletion({ override: [schemaCompletions(schema, docs)] }),
        highlightActiveLine(),
        highlightSelectionMatches(),
        syntaxHighlighting(jsonHighlight),
        json(),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
        theme,
        EditorView.lineWrapping,
        // Hovering a field's name shows what the docs say about it (the template's explanation
        // cells say the same for keyboard and screen-reader users).
        hoverTooltip((view, pos) => {
          const help = fieldHelpAt(view.state, pos, docs);
          if (!help) return null;
          const node = syntaxTree(view.state).resolveInner(pos, 1);
          return {
            pos: node.from,
            end: node.to,
            above: true,
            create() {
              const dom = document.createElement('div');
              dom.className = 'cm-field-help';
              const head = document.createElement('strong');
              head.textContent = `${help.name} (${help.where})`;
              dom.append(head, document.createElement('br'), help.text.replace(/`/g, ''));
              return { dom };
            },
          };
        }),
        EditorState.readOnly.of(readOnly),
        // tabindex: the editable content is what keyboard users reach (and axe looks for, to know
        // that the scrolling region around it can be used from the keyboard).
        EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  /** The end of the underline for an error at `pos`: the value or key that starts there, on its line. */
  function underlineEnd(state, pos) {
    const line = state.doc.lineAt(pos);
    let node = syntaxTree(state).resolveInner(pos, 1);
    while (node.parent && node.parent.from === pos && !['JsonText', 'Property'].includes(node.parent.name)) node = node.parent;
    const end = node.from === pos && node.to > pos ? Math.min(node.to, line.to) : Math.min(pos + 1, line.to);
    return end > pos ? end : Math.min(pos + 1, state.doc.length);
  }

  return {
    view,
    getText: () => view.state.doc.toString(),
    /** Replaces the whole text as one undoable change. */
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next }, selection: { anchor: 0 }, scrollIntoView: true });
    },
    /** Engine errors -> diagnostics; returns each error's offset in the text (for the list's jumps). */
    showErrors(errors) {
      const state = view.state;
      const textNow = state.doc.toString();
      const placed = errors.map((e) => {
        const from = Math.min(errorOffset(textNow, e.line, e.column), state.doc.length);
        return { error: e, from };
      });
      const diagnostics = placed.map(({ error, from }) => ({
        from,
        to: underlineEnd(state, from),
        severity: 'error',
        source: error.path || 'syntax',
        message: error.message,
      }));
      view.dispatch(setDiagnostics(state, diagnostics));
      return placed.map((p) => p.from);
    },
    jumpTo(pos) {
      const at = Math.min(pos, view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      view.focus();
    },
    insertCell(cell, fields) {
      return insertCell(view, cell, fields);
    },
  };
}

/** The "cells" array of the document's top object (a syntax node), or null. */
function cellsArray(state) {
  const top = syntaxTree(state).topNode.getChild('Object');
  if (!top) return null;
  for (const prop of top.getChildren('Property')) {
    const name = prop.getChild('PropertyName');
    if (name && state.sliceDoc(name.from, name.to) === '"cells"') {
      const value = prop.lastChild;
      return value && value.name === 'Array' ? value : null;
    }
  }
  return null;
}

/**
 * Inserts `cell` into the cells array: after the cell that holds the cursor, or at the end.
 * Without a readable cells array, at the cursor. Selects the inserted cell; returns its offset.
 */
function insertCell(view, cell, fields) {
  const state = view.state;
  const array = cellsArray(state);
  const cursor = state.selection.main.head;
  let from;
  let insert;
  let text;
  if (!array || state.sliceDoc(array.to - 1, array.to) !== ']') {
    from = cursor;
    text = snippetText(cell, '', fields);
    insert = text;
  } else {
    const items = [];
    for (let child = array.firstChild; child; child = child.nextSibling) if (VALUE_NODES.has(child.name)) items.push(child);
    const holder = items.find((c) => cursor >= c.from && cursor <= c.to);
    const after = holder || items.at(-1);
    const baseIndent = /^\s*/.exec(state.doc.lineAt(array.from).text)[0];
    const indent = items.length ? /^\s*/.exec(state.doc.lineAt(items[0].from).text)[0] : `${baseIndent}  `;
    text = snippetText(cell, indent, fields);
    if (after) {
      from = after.to;
      insert = `,\n${indent}${text}`;
    } else {
      from = array.from + 1;
      insert = `\n${indent}${text}\n${baseIndent}`;
    }
  }
  const start = from + insert.indexOf(text);
  view.dispatch({
    changes: { from, insert },
    selection: { anchor: start, head: start + text.length },
    scrollIntoView: true,
  });
  view.focus();
  return start;
}
