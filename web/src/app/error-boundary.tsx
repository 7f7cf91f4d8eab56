import { Component, type ReactNode } from 'react';

import { ErrorPage } from '../pages/error/ErrorPage.tsx';

interface BoundaryProps {
  /** A new location clears the error, as the data router's error element did. */
  resetKey: string;
  /** Inside a layout: the error page shows in the page's place, the header and menus stay. */
  embedded?: boolean;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown; at: string } | null;
}

/** Shows the error page in place of the page that failed to render; its Retry renders the page again. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error, at: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (!state.failure) return null;
    // The error belongs to the location it happened at; moving on renders the new location's page.
    if (state.failure.at === '') return { failure: { ...state.failure, at: props.resetKey } };
    return state.failure.at === props.resetKey ? null : { failure: null };
  }

  private readonly retry = () => this.setState({ failure: null });

  override render() {
    return this.state.failure ? (
      <ErrorPage error={this.state.failure.error} embedded={this.props.embedded} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}
