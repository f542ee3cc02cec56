import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { contentPaths, type ContentPath } from '@common/routes';
import type { ContentState } from '@common/site-content';
import { ErrorSummary } from '@/components/error-summary';
import { PageHeading } from '@/components/page-heading';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { useClient } from '@/lib/client-context';
import { problemsOf, useFormSubmit } from '@/lib/form-kit';
import { DraftNotice } from '@/manage/shared/draft-notice';
import { ScreenSkeleton } from '@/manage/shared/screen-skeleton';
import { useUnsavedChanges } from '@/manage/shared/unsaved-changes';
import { useFormDraft } from '@/manage/shared/use-form-draft';
import { VersionConflict } from '@/manage/shared/version-conflict';
import { diffVersions } from '@/manage/shared/version-diff';
import {
  contentQueryKey,
  discardDraft,
  fetchContent,
  publishDraft,
  saveDraft,
} from './content-api';
import { Editor, Fields, ItemButtons, useEditor, type ContentValues } from './content-fields';
import {
  getAt,
  newPageFor,
  tidy,
  versionKeyOf,
  versionsOfKey,
  type ContentVersions,
  type Json,
  type Path,
} from './content-paths';
import { labelOfPath } from './content-labels';
import {
  homeBlockKinds,
  pageBlockKinds,
  pageFields,
  recordSections,
  type BlockKind,
} from './content-specs';

type Part = 'texts' | 'pages';
type Kinds = Record<string, BlockKind<unknown>>;

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
  const { set } = useEditor();
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
              <Fields fields={kind.fields} path={[...path, index]} />
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
          onClick={() => set(path, [...blocks, structuredClone(kinds[adding]!.create())])}
        >
          Add the block
        </button>
      </p>
    </div>
  );
}

function PagesEditor({ content }: { content: Record<string, Json> }) {
  const { set } = useEditor();
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
          <Fields fields={pageFields} path={['pages', shown]} />
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

const isContent = (value: unknown): value is ContentValues =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const contentOf = (state: ContentState) =>
  (state.draft?.content ?? state.published.content) as ContentValues;

const versionsOf = (state: ContentState): ContentVersions => ({
  baseVersion: state.published.version,
  draftVersion: state.draft?.draftVersion ?? null,
});

/** Where a problem's field is: the control named by its path, else the chooser around it. */
function focusField(form: HTMLFormElement | null, name: string) {
  const control = [...(form?.querySelectorAll<HTMLElement>('[name]') ?? [])].find(
    (element) => element.getAttribute('name') === name,
  );
  if (control) {
    control.focus();
    return;
  }
  // A picture's problem (its file or alt): the chooser's button of that picture.
  const parent = name.replace(/\.(file|alt)$/, '');
  form?.querySelector<HTMLElement>(`[data-path="${CSS.escape(parent)}"] button`)?.focus();
}

function ContentEditor({ initial }: { initial: ContentState }) {
  const queries = useQueryClient();
  const [stored, setStored] = useState(initial);
  const form = useForm<ContentValues>({ mode: 'onSubmit', defaultValues: contentOf(initial) });
  const draft = useFormDraft(form, {
    screen: 'site-content',
    record: 'content',
    version: versionKeyOf(versionsOf(stored)),
    isValues: isContent,
  });
  useUnsavedChanges(form.formState.isDirty);
  const [part, setPart] = useState<Part>('texts');
  const [theirs, setTheirs] = useState<ContentState | undefined>();
  const [status, setStatus] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const client = useClient();
  /** Whether the submit publishes after saving (the Publish button) or only saves the draft. */
  const publishing = useRef(false);
  // The whole form: each field reads its value from here, so every change draws the editor again.
  // eslint-disable-next-line react-hooks/incompatible-library -- watch, as the hours screen says
  const content = form.watch();

  /** A stored state the server answered: the form starts again from it, the kept draft goes. */
  const adopt = (next: ContentState, words: string) => {
    queries.setQueryData(contentQueryKey, next);
    setStored(next);
    form.reset(contentOf(next));
    draft.forget(versionKeyOf(versionsOf(next)));
    setTheirs(undefined);
    setStatus(words);
    showToast('saved', words);
  };

  /** The versions the edit started from: a restored draft's, else the stored state's. */
  const editedVersions = () => versionsOfKey(draft.baseVersion) ?? versionsOf(stored);

  const { submit, failure, setFailure } = useFormSubmit(form, {
    send: async (values) => {
      setStatus('');
      const versions = editedVersions();
      let draftVersion = versions.draftVersion;
      if (form.formState.isDirty || draftVersion === null || !publishing.current) {
        const saved = await saveDraft({ content: tidy(values), ...versions });
        if (!publishing.current) {
          adopt(saved, 'Draft saved. Visitors still see the published site.');
          return;
        }
        // Saved on the way to publishing: shown as stored, so a failed publish keeps its version.
        adopt(saved, 'Draft saved.');
        draftVersion = saved.draft!.draftVersion;
        versions.baseVersion = saved.published.version;
      }
      adopt(
        await publishDraft({ baseVersion: versions.baseVersion, draftVersion }),
        'Published. Visitors see the change now.',
      );
    },
    failedText: 'The content could not be saved. Please try again.',
    onFailure: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) return false;
      // Someone else saved or published first: fetch their version and let the owner choose.
      void fetchContent().then(setTheirs, () =>
        setFailure('Someone else changed the content, and it could not be loaded. Reload it.'),
      );
      return true;
    },
  });

  const send = (publish: boolean) => {
    publishing.current = publish;
    // The server's problems from the last try are not the form's own rules: they go until it answers.
    form.clearErrors();
    void submit();
  };

  const keepMine = useMutation({
    mutationFn: (other: ContentState) =>
      saveDraft({ content: tidy(form.getValues()), ...versionsOf(other) }),
    onSuccess: (saved) => adopt(saved, 'Draft saved. Visitors still see the published site.'),
    onError: (error) =>
      setFailure(
        error instanceof ApiError ? error.message : 'That did not work. Please try again.',
      ),
  });
  const discard = useMutation({
    mutationFn: () => discardDraft(stored.draft!.draftVersion),
    onSuccess: (next) => adopt(next, 'Draft discarded: back to the published content.'),
    onError: (error) =>
      setFailure(
        error instanceof ApiError ? error.message : 'That did not work. Please try again.',
      ),
  });

  const busy = form.formState.isSubmitting || keepMine.isPending || discard.isPending;
  const dirty = form.formState.isDirty;
  const editor = useMemo(
    () => ({
      form,
      mediaFiles: stored.mediaFiles,
      slideFolder: client,
    }),
    [form, stored.mediaFiles, client],
  );

  const storedWords = stored.draft
    ? `A draft is waiting to be published (saved ${new Date(stored.draft.updatedAt).toLocaleString('en-GB')}${stored.draft.updatedBy ? ` by ${stored.draft.updatedBy}` : ''}).`
    : 'No unpublished changes.';

  return (
    <Editor.Provider value={editor}>
      <p>
        {storedWords} Published version {stored.published.version}.
      </p>
      {draft.restored && <DraftNotice savedAt={draft.restored.savedAt} onDiscard={draft.discard} />}
      {theirs && (
        <VersionConflict
          differences={diffVersions(contentOf(theirs), tidy(form.getValues()))}
          labelOf={(path) => labelOfPath(path, form.getValues())}
          busy={keepMine.isPending}
          onKeepMine={() => keepMine.mutate(theirs)}
          onTakeTheirs={() => adopt(theirs, 'You now see their version.')}
        />
      )}
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
      <form
        ref={formRef}
        className="manage__form content-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        {part === 'texts' ? (
          recordSections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              <Fields fields={section.fields} path={[]} />
            </section>
          ))
        ) : (
          <PagesEditor content={content} />
        )}
        <div className="content-editor__actions">
          <ErrorSummary
            errors={form.formState.errors}
            failure={failure}
            submitCount={form.formState.submitCount}
            submitting={form.formState.isSubmitting}
            onFocusField={(name) => focusField(formRef.current, name)}
            labels={Object.fromEntries(
              problemsOf(form.formState.errors).map(({ name }) => [
                name,
                labelOfPath(name, content),
              ]),
            )}
          />
          {status && <p>{status}</p>}
          {dirty && <p>You have changes that are not saved yet.</p>}
          <button type="submit" className="button" disabled={busy}>
            {form.formState.isSubmitting && !publishing.current ? 'Saving…' : 'Save draft'}
          </button>
          {stored.draft && !dirty && (
            <a className="button" href="/?preview=draft" target="_blank" rel="noopener">
              Preview the draft
            </a>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || (!dirty && !stored.draft)}
            onClick={() => send(true)}
          >
            {form.formState.isSubmitting && publishing.current ? 'Publishing…' : 'Publish'}
          </button>
          {stored.draft && (
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
 * (docs/decisions/0037-content-drafts-and-publishing.md). One form of the form kit; its unsaved
 * edit is kept in this browser until saved or discarded, and a save that someone else's came
 * before shows both versions (docs/decisions/0009-form-kit-and-never-losing-work.md).
 */
export default function ContentPage() {
  const content = useQuery({ queryKey: contentQueryKey, queryFn: fetchContent, staleTime: 0 });
  return (
    <section className="manage__screen">
      <PageHeading title="Site content">Site content</PageHeading>
      {content.isPending && <ScreenSkeleton shape="form" />}
      {content.isError && <p role="alert">The content could not be loaded. Please try again.</p>}
      {/* Drawn once per visit: a refetch must not replace what the owner is typing. */}
      {content.data && <ContentEditor initial={content.data} />}
    </section>
  );
}
