import { Component, type ErrorInfo, type ReactNode } from 'react';

/** A rendering failure shows 'Something went wrong.' in place of the content instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean; prevKey?: string }> {
  state = { failed: false, prevKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // moving to another route gives the new page a fresh chance
  static getDerivedStateFromProps(props: { resetKey?: string }, state: { failed: boolean; prevKey?: string }) {
    return props.resetKey !== state.prevKey ? { failed: false, prevKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="flex min-h-64 flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">Something went wrong.</h1>
        <button type="button" className="btn-secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}
