import { lazy, Suspense } from 'react';
import { LoadingLine } from '@/components/loading-line';
import type { RichTextEditorProps } from './rich-text-editor';

// Tiptap and ProseMirror are most of the back office's weight: a chunk of their own, loaded when
// a screen with formatted text first shows one (docs/decisions/0035-description-editor.md).
const Editor = lazy(() => import('./rich-text-editor'));

/** Formatted text for an owner (rich-text-editor.tsx), loaded on first use. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<LoadingLine>Loading the editor…</LoadingLine>}>
      <Editor {...props} />
    </Suspense>
  );
}
