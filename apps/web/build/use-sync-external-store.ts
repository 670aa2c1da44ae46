// React 18 and later have useSyncExternalStore: the shim libraries ask for is its own fallback for older Reacts.
export { useSyncExternalStore } from 'react';
