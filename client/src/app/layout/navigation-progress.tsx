import { useNavigation } from 'react-router-dom';

/** A thin bar while the next page's chunk loads, so a click never looks ignored. */
export function NavigationProgress() {
  const { state } = useNavigation();
  return <div className={state === 'idle' ? 'nav-progress' : 'nav-progress nav-progress--active'} aria-hidden="true" />;
}
