import { Component, type ReactNode } from 'react';

/**
 * For a part of the site's frame that loads on its own (the footer's contact form): if it cannot
 * load (its chunk, with the connection gone), that part says so and the page around it stays.
 * Without it the error reaches the app's outer boundary and the whole frame is replaced.
 */
export class PartErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
