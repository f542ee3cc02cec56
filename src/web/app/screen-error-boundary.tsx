import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Without a boundary, an error while rendering (a screen's chunk that cannot load because the
 * connection is gone, a bug) unmounts the whole app and leaves a blank white page. This keeps the
 * site's frame and says what to do. Try again loads the page afresh: a chunk that failed stays
 * failed in this page (as React.lazy's would), and a reload is what Vite advises for it.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page">
        <h1>Sorry, this page is not available right now</h1>
        <p role="alert">Please check your internet connection and try again.</p>
        <button type="button" className="button button--primary" onClick={() => location.reload()}>
          Try again
        </button>
      </div>
    );
  }
}
