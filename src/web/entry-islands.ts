// Public pages (decision 0038): a few lines of plain script for what every page does, then the
// island loader, which fetches React only for a page's interactive parts, when they are needed.
import { applyWholeStylesheetOnFirstAct, enhancePage } from './islands/page-behaviour';
import { startIslands } from './islands/loader';
import './styles.css';

enhancePage();
applyWholeStylesheetOnFirstAct();
startIslands();
