import { createBrowserRouter } from 'react-router';
import { ErrorPage } from '../pages/error/ErrorPage.tsx';
import { Root } from './Root.tsx';

/** One catch-all route: the Root applies the shared route table (common/routes.ts) and its guard rules. */
export const router = createBrowserRouter([{ path: '*', element: <Root />, errorElement: <ErrorPage /> }]);
