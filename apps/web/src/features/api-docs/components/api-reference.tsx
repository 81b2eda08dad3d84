/**
 * The reference itself: swagger-ui-react with its stylesheet. Loaded only by the API docs page, with
 * a dynamic import (routes/api-docs-page.tsx), so swagger-ui and its CSS are chunks of their own that
 * no other page, and never the login page, downloads.
 */
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import type { OpenApiDocument } from '../api/openapi-document';
import { SWAGGER_OPTIONS } from '../utils/swagger-options';
import { accessibleComponentsPlugin } from './swagger-plugins';
import './api-reference.css';

export interface ApiReferenceProps {
  /** The document the page has loaded (passed as `spec`, so swagger-ui does not fetch it again). */
  spec: OpenApiDocument;
}

/** Read once, when swagger-ui mounts. */
const PLUGINS = [accessibleComponentsPlugin];

export default function ApiReference({ spec }: ApiReferenceProps) {
  return (
    <div className="mbo-api-reference">
      <SwaggerUI spec={spec} {...SWAGGER_OPTIONS} plugins={PLUGINS} />
    </div>
  );
}
