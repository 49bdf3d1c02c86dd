import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../pages/ErrorPage';

interface Props {
  children: ReactNode;
  /** Changing it clears a caught error (the user opened another page). */
  resetKey?: string;
  /** The shell itself failed: the error screen brings its own background. */
  standalone?: boolean;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/** Shows the error screen in place of what failed to render (a page, or a page's chunk that could not load). */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  render() {
    if (this.state.error) return <ErrorPage error={this.state.error} standalone={this.props.standalone} />;
    return this.props.children;
  }
}
