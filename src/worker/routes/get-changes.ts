import { pageLimits } from '../../model/api-limits.ts';
import { jsonResponse } from '../http.ts';
import { getChangesOperation } from '../operations/get-changes.ts';
import { integerParameter, singleParameter } from '../query.ts';
import { apiCacheControl, type RouteHandler } from './context.ts';

export const getChanges: RouteHandler = async ({ request, url, store, now }) => {
  const body = await getChangesOperation(
    { store, now },
    {
      limit: integerParameter(url, 'limit', pageLimits),
      cursor: singleParameter(url, 'cursor'),
      updated_since: singleParameter(url, 'updated_since'),
    },
  );
  return jsonResponse(request, body, { cacheControl: apiCacheControl });
};
