import { utf8BytesOf } from '../../../domain/json-texts.ts';
import { changesFeed, changesFeedLength } from '../changes-feed.ts';
import type { DownloadFormat } from '../download-format.ts';

/** The latest changes for feed readers. */
export const atomFormat: DownloadFormat = {
  name: 'atom',
  label: 'Atom feed',
  mediaType: 'application/atom+xml',
  text: true,
  resources: [{ name: 'changes-atom', fileName: 'changes.atom', title: 'Latest changes, Atom feed' }],
  describe: () => `The ${changesFeedLength} most recently updated reports, newest first, for feed readers; each entry's id is the report's canonical URL.`,
  writer: {
    kind: 'text',
    sections: (_resource, context) => {
      // A hundred short entries stay far below 25 MiB; lines as rows keep even a tiny test limit honest.
      const lines = changesFeed(context.catalogue).split(/(?<=\n)/).map(utf8BytesOf);
      const nothing = utf8BytesOf('');
      return [{ head: nothing, tail: nothing, count: lines.length, rowText: (index) => lines[index]! }];
    },
  },
};
