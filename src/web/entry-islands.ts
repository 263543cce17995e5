// Public pages (decision 0038): a few lines of plain script for what every page does, the island
// loader, which fetches React only for a page's interactive parts when they are needed, and
// in-place navigation between pages (decision 0052).
import { applyWholeStylesheetOnFirstAct, enhancePage } from './islands/page-behaviour';
import { startIslands } from './islands/loader';
import { startInPlaceNavigation } from './navigation/start-navigation';
import './styles.css';

enhancePage();
applyWholeStylesheetOnFirstAct();
startIslands();
startInPlaceNavigation();
