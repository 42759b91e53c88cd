import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './route-error';

interface Props {
  children: ReactNode;
  /** When it changes (e.g. the path), a shown error is cleared. */
  resetKey: string;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Catches render errors and failed screen downloads, and offers a reload. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}
