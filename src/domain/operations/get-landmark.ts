import { answerDay } from '../answer-day.ts';
import { presentLandmarkDetail } from '../present.ts';
import { notFound } from '../api-error.ts';
import type { Operation } from './context.ts';

export const getLandmarkOperation: Operation<'getLandmark'> = async ({ store, now }, { slug, at }) => {
  const day = answerDay(now, at);
  const landmark = await store.landmark(slug);
  if (!landmark) {
    throw notFound(`No landmark has the slug "${slug}". Find slugs with /api/public/v1/search?q=… or /api/public/v1/landmarks.`);
  }
  return presentLandmarkDetail(landmark, day, `${landmark.urls.json}/reports`);
};
