import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each screen is its own chunk, downloaded when first visited.
const IfcTableauConnectorRoute = lazy(() => import('./ifc-tableau-connector'));
const IfcRestDemoRoute = lazy(() => import('./ifc-rest-demo'));
const IfcODataDemoRoute = lazy(() => import('./ifc-odata-demo'));

/** The IFC connector and its two API demos; signed-in pages, meant to sit inside the app shell. */
export const connectorRoutes: RouteObject[] = [
  { path: 'app/ifc-tableau-connector', element: <IfcTableauConnectorRoute /> },
  { path: 'app/ifc-rest-demo', element: <IfcRestDemoRoute /> },
  { path: 'app/ifc-odata-demo', element: <IfcODataDemoRoute /> },
];
