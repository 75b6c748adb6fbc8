import { contributingUrlOf } from '../../../domain/repository-links.ts';
import { repositoryUrl } from '../../../emit/repository-url.ts';

export { repositoryUrl };

export const contributingUrl = contributingUrlOf(repositoryUrl);
