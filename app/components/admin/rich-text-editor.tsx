import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { RICH_TEXT_CLASS } from "./backoffice-ui.tsx";
import { cleanHtml, isSafeLink } from "./clean-html.ts";
import { inputClass } from "./field-input.tsx";

/**
 * A small rich-text editor without a dependency: a contenteditable area with a toolbar that writes
 * its HTML into a textarea named `name`. Without JavaScript the textarea itself is the editor (raw
 * HTML). The server sanitizes whatever arrives; the browser cleans pasted and typed-in HTML too,
 * so a pasted <script> or onerror never runs inside the admin either.
 */

type Block = "p" | "h2" | "h3" | "";

type ToolKey = "p" | "h2" | "h3" | "b" | "i" | "ul" | "ol" | "link" | "clear" | "source";

/** The toolbar, in order. `toggle` buttons report their state with aria-pressed. */
const TOOLS: { key: ToolKey; label: string; text: string; toggle: boolean; className?: string }[] =
  [
    { key: "p", label: "Paragraph", text: "¶", toggle: true },
    { key: "h2", label: "Heading 2", text: "H2", toggle: true },
    { key: "h3", label: "Heading 3", text: "H3", toggle: true },
    { key: "b", label: "Bold", text: "B", toggle: true, className: "font-bold" },
    { key: "i", label: "Italic", text: "I", toggle: true, className: "italic" },
    { key: "ul", label: "Bulleted list", text: "• List", toggle: true },
    { key: "ol", label: "Numbered list", text: "1. List", toggle: true },
    { key: "link", label: "Add link", text: "Link", toggle: false },
    { key: "clear", label: "Remove formatting", text: "Clear", toggle: false },
    {
      key: "source",
      label: "Edit HTML source",
      text: "HTML",
      toggle: true,
      className: "font-mono",
    },
  ];

interface ToolState {
  block: Block;
  bold: boolean;
  italic: boolean;
  ul: boolean;
  ol: boolean;
}

const EMPTY_STATE: ToolState = { block: "", bold: false, italic: false, ul: false, ol: false };

export function RichTextEditor({
  name,
  id,
  labelId,
  defaultValue,
  invalid,
  describedBy,
  maxLength,
  lang,
  toolbarLabel = "Formatting",
}: {
  name: string;
  /** "hi" for the Hindi text. */
  lang?: string;
  /** The toolbar's name; a second editor on the page needs its own. */
  toolbarLabel?: string;
  /** The textarea's id (the label points at it when JavaScript is off). */
  id: string;
  /** The visible label's id, naming the visual editor. */
  labelId: string;
  defaultValue: string;
  invalid?: boolean;
  describedBy?: string;
  maxLength?: number;
}) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [source, setSource] = useState(false);
  const [state, setState] = useState<ToolState>(EMPTY_STATE);
  const [notice, setNotice] = useState("");
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const sync = useCallback(() => {
    if (editorRef.current && textareaRef.current)
      textareaRef.current.value = editorRef.current.innerHTML;
  }, []);

  const readState = useCallback(() => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (!editor.contains(range.commonAncestorContainer)) return;
    savedRange.current = range.cloneRange();
    const block = String(document.queryCommandValue("formatBlock") || "").toLowerCase();
    setState({
      block: block === "p" || block === "h2" || block === "h3" ? block : "",
      bold: document.queryCommandState("bold"),
      italic: document.queryCommandState("italic"),
      ul: document.queryCommandState("insertUnorderedList"),
      ol: document.queryCommandState("insertOrderedList"),
    });
  }, []);

  useEffect(() => {
    // JavaScript is on: swap the raw HTML textarea for the visual editor.
    const editor = editorRef.current;
    const textarea = textareaRef.current;
    if (!editor || !textarea) return;
    editor.innerHTML = cleanHtml(textarea.value);
    textarea.value = editor.innerHTML;
    setEnhanced(true);
    document.addEventListener("selectionchange", readState);
    return () => document.removeEventListener("selectionchange", readState);
  }, [readState]);

  /** Put the caret back where it was before the toolbar took focus, then run the command. */
  const run = (command: string, value?: string) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    document.execCommand("defaultParagraphSeparator", false, "p");
    document.execCommand(command, false, value);
    sync();
    readState();
  };

  const toggleBlock = (tag: "p" | "h2" | "h3") => {
    run("formatBlock", state.block === tag && tag !== "p" ? "p" : tag);
  };

  const addLink = () => {
    const answer = window.prompt(
      "Link address: a full https:// or http:// address, or mailto:name@example.com",
      "https://",
    );
    if (answer === null) return;
    const href = answer.trim();
    if (!isSafeLink(href)) {
      setNotice(
        "That link was not added: use a full http:// or https:// address, or mailto: with an e-mail address.",
      );
      return;
    }
    setNotice("");
    const selection = savedRange.current;
    if (!selection || selection.collapsed) {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = href;
      run("insertHTML", a.outerHTML);
    } else {
      run("createLink", href);
    }
  };

  const clearFormatting = () => {
    run("removeFormat");
    run("unlink");
  };

  const insertClean = (html: string, text: string) => {
    if (html) run("insertHTML", cleanHtml(html));
    else if (text) run("insertText", text);
  };

  const toggleSource = () => {
    const editor = editorRef.current;
    const textarea = textareaRef.current;
    if (!editor || !textarea) return;
    if (source) {
      // Back to the visual view: whatever was typed as HTML is cleaned before it is shown.
      editor.innerHTML = cleanHtml(textarea.value);
      setSource(false);
      requestAnimationFrame(() => editor.focus());
    } else {
      sync();
      setSource(true);
      requestAnimationFrame(() => textarea.focus());
    }
  };

  const pressed: Partial<Record<ToolKey, boolean>> = {
    p: state.block === "p",
    h2: state.block === "h2",
    h3: state.block === "h3",
    b: state.bold,
    i: state.italic,
    ul: state.ul,
    ol: state.ol,
    source,
  };

  const applyTool = (key: ToolKey) => {
    if (key === "p" || key === "h2" || key === "h3") toggleBlock(key);
    else if (key === "b") run("bold");
    else if (key === "i") run("italic");
    else if (key === "ul") run("insertUnorderedList");
    else if (key === "ol") run("insertOrderedList");
    else if (key === "link") addLink();
    else if (key === "clear") clearFormatting();
    else toggleSource();
  };

  // In source view only the switch back is usable.
  const isDisabled = (key: ToolKey) => source && key !== "source";

  // The toolbar is one tab stop; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = TOOLS.map((t, i) => (isDisabled(t.key) ? -1 : i)).filter((i) => i >= 0);
    const at = enabled.indexOf(focusIndex);
    let next: number | undefined;
    if (event.key === "ArrowRight") next = enabled[(at + 1) % enabled.length];
    else if (event.key === "ArrowLeft") next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === "Home") next = enabled[0];
    else if (event.key === "End") next = enabled[enabled.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    buttonRefs.current[next]?.focus();
  };

  const editorId = `${id}-visual`;
  return (
    <div className="mt-1">
      {enhanced ? (
        <div
          role="toolbar"
          aria-label={toolbarLabel}
          aria-controls={editorId}
          onKeyDown={onToolbarKey}
          className="flex flex-wrap gap-1 rounded-t-app border border-b-0 border-stone-300 bg-stone-50 p-1"
        >
          {TOOLS.map((tool, index) => (
            <button
              key={tool.key}
              ref={(el) => {
                buttonRefs.current[index] = el;
              }}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.toggle ? !!pressed[tool.key] : undefined}
              disabled={isDisabled(tool.key)}
              tabIndex={index === focusIndex ? 0 : -1}
              // Keep the caret in the text when the button is clicked with a mouse.
              onMouseDown={(e) => e.preventDefault()}
              onFocus={() => setFocusIndex(index)}
              onClick={() => applyTool(tool.key)}
              className={`min-w-9 rounded-app border px-2 py-1 text-sm text-ink disabled:opacity-40 aria-pressed:border-accent aria-pressed:bg-accent-light aria-pressed:text-accent ${tool.key === "source" ? "ml-auto" : ""} border-transparent hover:border-stone-300 hover:bg-white ${tool.className ?? ""}`}
            >
              {tool.text}
            </button>
          ))}
        </div>
      ) : null}
      <div
        ref={editorRef}
        id={editorId}
        role="textbox"
        lang={lang}
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable={enhanced && !source}
        suppressContentEditableWarning
        tabIndex={enhanced && !source ? 0 : -1}
        hidden={!enhanced || source}
        onInput={sync}
        onKeyUp={readState}
        onMouseUp={readState}
        onPaste={(e) => {
          e.preventDefault();
          insertClean(e.clipboardData.getData("text/html"), e.clipboardData.getData("text/plain"));
        }}
        onDrop={(e) => {
          e.preventDefault();
          insertClean(e.dataTransfer.getData("text/html"), e.dataTransfer.getData("text/plain"));
        }}
        className={`min-h-64 max-h-[70vh] overflow-y-auto rounded-b-app border border-stone-300 bg-white px-3 py-2 focus:border-accent aria-[invalid=true]:border-red-600 ${RICH_TEXT_CLASS}`}
      />
      <textarea
        ref={textareaRef}
        id={id}
        name={name}
        lang={lang}
        defaultValue={defaultValue}
        rows={16}
        maxLength={maxLength}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        hidden={enhanced && !source}
        className={`${inputClass} font-mono text-xs ${enhanced ? "mt-0 rounded-t-none" : ""}`}
      />
      <p role="status" className="mt-1 text-sm text-red-700 empty:hidden">
        {notice}
      </p>
    </div>
  );
}
