import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useId, useMemo, useRef, useState } from 'react';
import { contentPaths, type ContentPath } from '@common/routes';
import type { ContentState } from '@common/site-content';
import { PageHeading } from '@/components/page-heading';
import { ApiError } from '@/lib/api-client';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import {
  ContentRefused,
  contentQueryKey,
  discardDraft,
  fetchContent,
  publishDraft,
  saveDraft,
} from './content-api';
import { Editor, Fields, ItemButtons, type FieldSpec } from './content-fields';
import { getAt, newPageFor, setAt, tidy, type Json, type Path } from './content-paths';
import { homeBlockKinds, pageBlockKinds, recordSections, type BlockKind } from './content-specs';
import './content-editor.css';

type Part = 'texts' | 'pages';
type Kinds = Record<string, BlockKind<unknown>>;

/** "home.2.picture.alt" as words, for the list of problems above the form. */
function describePath(path: string): string {
  if (path === '') return 'content';
  const steps = path.split('.');
  return steps
    .map((step, i) => {
      if (/^\d+$/.test(step))
        return `${steps[i - 1] === 'home' || steps[i - 1] === 'blocks' ? 'block' : 'entry'} ${Number(step) + 1}`;
      return step;
    })
    .join(' › ');
}

function BlocksEditor({
  path,
  blocks,
  kinds,
  pageName,
}: {
  path: Path;
  blocks: Json[];
  kinds: Kinds;
  pageName: string;
}) {
  // The home page has one welcome block (it holds the page's heading): offered only when missing.
  const hasWelcome = blocks.some((block) => (block as { type?: string }).type === 'welcome');
  const offered = Object.entries(kinds).filter(([type]) => type !== 'welcome' || !hasWelcome);
  const [choice, setAdding] = useState(offered[0]![0]);
  const adding = offered.some(([type]) => type === choice) ? choice : offered[0]![0];
  const addId = useId();
  const { set } = useContext(Editor);
  return (
    <div className="content-editor__blocks">
      {blocks.map((block, index) => {
        const type = (block as { type?: string }).type ?? '';
        const kind = kinds[type];
        const name = `block ${index + 1} (${kind?.label ?? type})`;
        return (
          <fieldset key={index} className="content-editor__block">
            <legend>
              {index + 1}. {kind?.label ?? type}
            </legend>
            <ItemButtons path={path} list={blocks} index={index} name={name} />
            {type === 'welcome' && (
              <p className="content-editor__hint">
                Shows the welcome heading and text from Texts and contact details.
              </p>
            )}
            {kind && kind.fields.length > 0 ? (
              <Fields fields={kind.fields} path={[...path, index]} value={block} />
            ) : (
              <p className="content-editor__hint">
                Nothing to fill in: this block shows what the texts hold.
              </p>
            )}
          </fieldset>
        );
      })}
      <p className="content-editor__add">
        <label htmlFor={addId}>Block to add to {pageName}</label>
        <select id={addId} value={adding} onChange={(event) => setAdding(event.target.value)}>
          {offered.map(([type, kind]) => (
            <option key={type} value={type}>
              {kind.label}
            </option>
          ))}
        </select>{' '}
        <button
          type="button"
          className="button"
          onClick={() => set(path, [...blocks, kinds[adding]!.create()])}
        >
          Add the block
        </button>
      </p>
    </div>
  );
}

const pageFields: FieldSpec[] = [
  { kind: 'text', key: 'heading', label: 'Page heading' },
  { kind: 'flag', key: 'underConstruction', label: 'Show “under construction” instead' },
];

function PagesEditor({ content }: { content: Record<string, Json> }) {
  const { set } = useContext(Editor);
  const pages = (content.pages ?? {}) as Record<string, Json>;
  const [page, setPage] = useState('/');
  const [adding, setAdding] = useState<string>('');
  const pageId = useId();
  const addId = useId();
  const missing = contentPaths.filter((path) => !(path in pages));
  const shown = page === '/' || page in pages ? page : '/';
  return (
    <section aria-labelledby={`${pageId}-heading`}>
      <h2 id={`${pageId}-heading`}>Pages</h2>
      <p className="content-editor__field">
        <label htmlFor={pageId}>Page to edit</label>
        <select id={pageId} value={shown} onChange={(event) => setPage(event.target.value)}>
          <option value="/">Home page</option>
          {Object.keys(pages).map((path) => (
            <option key={path} value={path}>
              {path}
            </option>
          ))}
        </select>
      </p>
      {shown === '/' ? (
        <BlocksEditor
          path={['home']}
          blocks={(content.home ?? []) as Json[]}
          kinds={homeBlockKinds as unknown as Kinds}
          pageName="the home page"
        />
      ) : (
        <>
          <Fields fields={pageFields} path={['pages', shown]} value={pages[shown]} />
          <BlocksEditor
            path={['pages', shown, 'blocks']}
            blocks={(getAt(pages[shown], ['blocks']) ?? []) as Json[]}
            kinds={pageBlockKinds as unknown as Kinds}
            pageName={shown}
          />
          <p>
            <button
              type="button"
              className="button"
              onClick={() => {
                set(['pages', shown], undefined);
                setPage('/');
              }}
            >
              Remove the page {shown}
            </button>{' '}
            <span className="content-editor__hint">
              Its route then shows the standard page, the same for every business.
            </span>
          </p>
        </>
      )}
      {missing.length > 0 && (
        <p className="content-editor__add">
          <label htmlFor={addId}>Add a page of your own</label>
          <select id={addId} value={adding} onChange={(event) => setAdding(event.target.value)}>
            <option value="">Choose a route</option>
            {missing.map((path) => (
              <option key={path} value={path}>
                {path}
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            className="button"
            disabled={!adding}
            onClick={() => {
              set(['pages', adding], newPageFor(adding as ContentPath));
              setPage(adding);
              setAdding('');
            }}
          >
            Add the page
          </button>
        </p>
      )}
    </section>
  );
}

/** What the last action came to; kept above the editor, which starts again after each one. */
interface Outcome {
  text: string;
  failed: boolean;
  /** Another owner changed the content: offer to reload it. */
  conflict?: boolean;
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError) {
    return { text: error.message, failed: true, conflict: error.status === 409 };
  }
  return { text: 'That did not work. Please try again.', failed: true };
}

function ContentEditor({
  state,
  outcome,
  setOutcome,
}: {
  state: ContentState;
  outcome: Outcome | undefined;
  setOutcome: (outcome: Outcome | undefined) => void;
}) {
  const queries = useQueryClient();
  const [content, setContent] = useState<Record<string, Json>>(
    () => (state.draft?.content ?? state.published.content) as Record<string, Json>,
  );
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const [issues, setIssues] = useState<ReadonlyMap<string, string>>(new Map());
  const [part, setPart] = useState<Part>('texts');
  const problemsRef = useRef<HTMLDivElement>(null);
  const mediaListId = useId();

  // The stored state replaces the editor's (it starts again from it: see the key below).
  const adopt = (next: ContentState, words: string) => {
    setOutcome({ text: words, failed: false });
    queries.setQueryData(contentQueryKey, next);
  };
  const reload = () => void queries.invalidateQueries({ queryKey: contentQueryKey });

  /**
   * A refusal: content that breaks the shared rules comes back with each field's problem, shown
   * beside the field and listed above the form; anything else is a message by the buttons.
   */
  const refused = (error: unknown) => {
    if (error instanceof ContentRefused && error.issues.length > 0) {
      setIssues(new Map(error.issues.map((issue) => [issue.path, issue.message])));
      setOutcome(undefined);
      requestAnimationFrame(() => problemsRef.current?.focus());
      return;
    }
    setOutcome(outcomeOf(error));
  };

  const save = useMutation({
    mutationFn: (toSave: unknown) =>
      saveDraft({
        content: toSave,
        baseVersion: state.published.version,
        draftVersion: state.draft?.draftVersion ?? null,
      }),
    onSuccess: (next) => adopt(next, 'Draft saved. Visitors still see the published site.'),
    onError: refused,
  });
  const savedBeforePublishing = useRef(false);
  const publish = useMutation({
    mutationFn: async (toSave: unknown) => {
      let draftVersion = state.draft?.draftVersion;
      if (dirty || draftVersion === undefined) {
        const saved = await saveDraft({
          content: toSave,
          baseVersion: state.published.version,
          draftVersion: draftVersion ?? null,
        });
        savedBeforePublishing.current = true;
        draftVersion = saved.draft!.draftVersion;
      }
      return publishDraft({ baseVersion: state.published.version, draftVersion });
    },
    onSuccess: (next) => adopt(next, 'Published. Visitors see the change now.'),
    onError: (error) => {
      refused(error);
      // The draft was saved on the way: show it as stored, so the next try has its version.
      if (savedBeforePublishing.current) reload();
    },
  });
  const discard = useMutation({
    mutationFn: () => discardDraft(state.draft!.draftVersion),
    onSuccess: (next) => adopt(next, 'Draft discarded: back to the published content.'),
    onError: (error) => setOutcome(outcomeOf(error)),
  });

  const busy = save.isPending || publish.isPending || discard.isPending;
  const editor = useMemo(
    () => ({
      issues,
      mediaFiles: state.mediaFiles,
      mediaListId,
      set: (path: Path, value: Json) => {
        setContent((now) => setAt(now, path, value) as Record<string, Json>);
        setDirty(true);
      },
    }),
    [issues, state.mediaFiles, mediaListId],
  );

  const status = state.draft
    ? `A draft is waiting to be published (saved ${new Date(state.draft.updatedAt).toLocaleString('en-GB')}${state.draft.updatedBy ? ` by ${state.draft.updatedBy}` : ''}).`
    : 'No unpublished changes.';

  return (
    <Editor.Provider value={editor}>
      <datalist id={mediaListId}>
        {state.mediaFiles.map((file) => (
          <option key={file} value={file} />
        ))}
      </datalist>
      <p>
        {status} Published version {state.published.version}.
        {dirty ? ' You have changes that are not saved yet.' : ''}
      </p>
      {/* Pictures are placed with the picture chooser (upload, library, the site's own); the
          datalist offers the media folder's files to the fields still typed (video, downloads). */}
      <div className="content-editor__parts" role="group" aria-label="Part to edit">
        <button
          type="button"
          className="button"
          aria-pressed={part === 'texts'}
          onClick={() => setPart('texts')}
        >
          Texts and contact details
        </button>
        <button
          type="button"
          className="button"
          aria-pressed={part === 'pages'}
          onClick={() => setPart('pages')}
        >
          Pages and blocks
        </button>
      </div>
      {issues.size > 0 && (
        <div ref={problemsRef} tabIndex={-1} role="alert" className="content-editor__problems">
          <p>
            {issues.size === 1 ? 'One field needs' : `${issues.size} fields need`} a change before
            this can be saved:
          </p>
          <ul>
            {[...issues].map(([path, message]) => (
              <li key={path}>
                {describePath(path)}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="manage__form content-editor"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(tidy(content));
        }}
      >
        {part === 'texts' ? (
          recordSections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              <Fields fields={section.fields} path={[]} value={content} />
            </section>
          ))
        ) : (
          <PagesEditor content={content} />
        )}
        <div className="content-editor__actions">
          {outcome?.failed && (
            <p role="alert">
              {outcome.text}{' '}
              {outcome.conflict && (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    setOutcome(undefined);
                    reload();
                  }}
                >
                  Reload the content
                </button>
              )}
            </p>
          )}
          <p role="status">{outcome && !outcome.failed ? outcome.text : ''}</p>
          <button type="submit" className="button" disabled={busy}>
            {save.isPending ? 'Saving…' : 'Save draft'}
          </button>
          {state.draft && !dirty && (
            <a className="button" href="/?preview=draft" target="_blank" rel="noopener">
              Preview the draft
            </a>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || (!dirty && !state.draft)}
            onClick={() => publish.mutate(tidy(content))}
          >
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </button>
          {state.draft && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => discard.mutate()}
            >
              Discard the draft
            </button>
          )}
        </div>
      </form>
    </Editor.Provider>
  );
}

/**
 * /manage/content: every word of the site — texts, contact details, menu, slides, news and the
 * blocks of each page — saved as a draft, previewed, then published
 * (docs/decisions/0037-content-drafts-and-publishing.md).
 */
export default function ContentPage() {
  const content = useQuery({ queryKey: contentQueryKey, queryFn: fetchContent, staleTime: 0 });
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <section className="manage__screen">
      <PageHeading title="Site content">Site content</PageHeading>
      {content.isPending && <ScreenSkeleton shape="form" />}
      {content.isError && <p role="alert">The content could not be loaded. Please try again.</p>}
      {content.data && (
        <ContentEditor
          // Each stored state (saved, published, discarded, reloaded) starts the editor again.
          key={`${content.data.published.version}-${content.data.draft?.draftVersion ?? 0}`}
          state={content.data}
          outcome={outcome}
          setOutcome={setOutcome}
        />
      )}
    </section>
  );
}
