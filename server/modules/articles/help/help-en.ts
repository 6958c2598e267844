/** The help article in English (`help.en`), following the simplified Chinese original. */
import { HELP_UID } from "../../../../contract/article-rules.ts";
import type { SeedArticle } from "../seed-article.ts";

const content = `This site is for reading and searching the digitised Chinese Buddhist canons: read the scriptures by reel, compare them page by page with the scanned images of the printed edition, search the full text, and download scriptures to your device to go on reading and searching without a network. This page goes through the screens one by one.

## Getting started

Reading, searching, the catalogue and the introductions need no account. Page reading, feedback, messages, custom groups, pins, recent reading and the researcher application need you to sign in; using them while signed out asks you to sign in or register.

### The header

At the top of every screen you find:

- **The site's title**: back to the home page of the default tripitaka; beside it, the name of the current tripitaka.
- **Home** and **Special topics**: the current tripitaka's home page, and its special topics section.
- **Offline storage**: the scriptures downloaded to this device (see "Downloads and offline reading").
- **Catalogue**: opens the catalogue drawer on the right to find the scriptures of this tripitaka (see "Catalogue").
- **Night reading**: shown on reading screens once you are signed in; it gives those screens a dark background.
- **Language**: the interface language (简体中文, 繁體中文, English).
- **Account menu**: once signed in, your avatar and nickname, with the personal centre, your messages and feedback, the terms and the privacy policy, and signing out; signed out, a sign-in button.

### Tripitakas (editions)

The first part of the address is the tripitaka's code: \`/JS\` is the Jingshan canon (径山藏), the default. The current tripitaka sets what the catalogue, reading and search cover; put another code in the address to change it.

## Home page

- **Search box**: type a search and go to the full-text search page.
- **About this edition**: the introduction of the current tripitaka, with how much of it this site holds, where its texts come from and on what terms.
- **Commonly used scriptures**: three of them; "See more" opens the whole list.
- **Recent reading**: once signed in, the reels and pages you read last, four at a time with previous and next; choose one to open it.
- **Special topics**: topics for researchers; becoming a researcher takes an application (see "Researcher application").
- The footer holds "Download and offline use", "Tools and dictionaries" (Zdic, the Variant Character Dictionary, the Digital Dictionary of Buddhism), the terms, the privacy policy and the copyright line.

## Catalogue

The header's catalogue button opens the catalogue drawer, with these tabs:

### Search catalogue

Type a title, a sutra number or a translator. "Advanced search" filters by title, custom group, dynasty, category and author; "Clear" shows everything again. Choose which columns the table shows, and page through it. Choose a title to read its first reel. Tick several sutras and "Add to group"; once signed in you can also "Pin to top" the sutras you read often, and pinned sutras come first.

### By volume

The volumes that have scanned pages, with their page ranges; choose one to read it page by page.

### Categories

The sutras of this tripitaka by category; type a category or a title to narrow the tree.

### My groups

Once signed in, gather sutras in custom groups: create, rename, delete (a group that still holds sutras asks first), move up and down, and take sutras out of a group. A group name has at most 20 characters. Choose a sutra in a group to read it.

## Reading by reel

Open a reel from the catalogue, a search result or recent reading; its address is \`/scroll/reel-number\`.

### Header and reel navigation

The reading header shows the tripitaka, the title, the reel, the author and dynasty, and the number of characters; hover "Scripture information" for the sutra number, years, category, reels and characters. The reel navigation on the left has two tabs, "Contents" and "Volumes": choose an entry to jump to that reel and place. The panel can be collapsed.

### Reading toolbar

From left to right: Back to sutras, Previous reel, Next reel, horizontal or vertical layout, Reading settings, and "Find in this reel". Type in the find box and press Enter to go to the next match; after the last match it wraps to the first, and the count beside the box shows where you are. At the end of a reel choose "Next reel" to go on, or "Back to top".

### Reading settings

- **Text type**: the original text (the characters as printed), the common text (standard Unicode characters), the traditional text and the simplified text.
- **Font**: Default, Kai (regular script) or Canon print. Characters your device lacks are drawn with glyphs fetched from the server as needed.
- **Font size** and **line spacing** (12 to 60) and **letter spacing** (0 to 60).
- **Original line breaks**: lines as in the printed edition; with them on you can also **show line numbers**.
- **Show punctuation** and **Show character image on hover** (the character as printed, while the pointer rests on it).
- **Reading guide** and **Keyboard shortcuts**: see the guide and the list of keys again.

The settings are kept on this device, and once you are signed in also in your account, so that your other devices use them too.

### Keyboard shortcuts

| Key | Action |
|---|---|
| Enter | Read the next reel |
| ↑ / ↓ | Scroll up or down four lines |
| Space | Scroll down one screen |
| Shift + Space | Scroll up one screen |
| Enter in the find box | Go to the next match |

## Selecting text

Select text in a reel and a menu appears:

- **Look up in Zdic** and **Look up in the Variant Character Dictionary**: for a single selected character, in a new window.
- **Look up in the Digital Dictionary of Buddhism**: any term, in a new window.
- **Search**: search the current tripitaka for the selected text.
- **Copy**: copy the selected text.
- **Copy as quotation**: opens the quotation panel with a preview of the quotation and its source; choose whether the title goes after or before the quotation, whether to show the headline and the punctuation and keep the paragraphs, then "Copy quotation". The quotation carries the author and dynasty, the title, the reel and the source.
- **Feedback**: send feedback on the selection (offered for selections of up to 500 characters).

## Reading by page

Page reading needs you to sign in. Its address is \`/page/page-number\`, and it shows the scanned page of the printed edition beside its text.

- **Page number**: the top shows "page / pages". Type a page number to go there; add a for the upper register or b for the lower one. A page that does not exist is reported as such. The arrows on either side go to the previous and next page.
- **Left panel**: thumbnails of the volume's pages and the list of volumes; it can be collapsed.
- **Page image tools**: zoom in, zoom out, a zoom percentage, rotate, full screen, fit width and fit height.
- **Text panel**: the page's text with line numbers; it can be collapsed. With both the thumbnails and the text collapsed the image fills the screen.
- **Read by reel**: opens the reel this page belongs to; a page without a reel says so.
- **Feedback**: send feedback on the characters selected or marked in the text.

Keys: Enter or Space turns to the next page and Shift + Space back; the arrow keys move the image; the digits 1 to 5 zoom to 100% to 500%, and 6 to 9 to 60% to 90%. Page images can be viewed only so many times in a while; when the limit is reached, please come back later.

## Full-text search

Type a search on the home page, or select text in a reel and choose "Search", to reach the current tripitaka's search page (\`/code/search\`).

### Mode and scope

- **Search terms**: at most 500 characters; separate several terms with spaces.
- **Fuzzy** (the default): variant characters and traditional and simplified forms match one another, and all the terms must occur.
- **Exact**: the terms match exactly as typed.
- **Search scope**: all scriptures, or chosen ones (type a title or a sutra number). "Advanced search" offers more conditions; "Recent searches" keeps your last searches until you clear them.
- **Search settings**: the text type searched and the keyword conversion (automatic, to traditional, to simplified, none); a search starting with "=" is not converted.

### Results

Above the results: how many reels and hits were found, and the related scriptures with the most hits (four, and "See more" for all of them). Each result shows the title, reel, author and an excerpt with the hits highlighted: "Read in context" opens the reel at the hit, and "Preview full text" opens the text in a panel on the right, which you can drag to resize. "Filter results" on the left narrows the results by custom group, category, dynasty and author: choose, then "Apply"; "Clear all" removes the filters. In exact mode the results can be sorted by hits, sutra number, start year or end year; the layout is tile or compact.

### Local search

With scriptures downloaded to this device you can choose "Local" to search only those, without the server; without a network the search page searches them on its own.

## Downloads and offline reading

### Installing

Where your browser supports it, install this site on your computer or tablet and open it like an app. When a new version is available you are told so; choose "Reload" to use it.

### Downloading scriptures

Download from a sutra's row in the catalogue, a custom group, a category in the category tree, or the tripitaka's home page: one sutra, a custom group, a category or the whole tripitaka. Before the download starts, choose the text types to download and whether to include the page images (needed to read by page); the size it needs is shown. Downloads run in the background; follow them under "Offline storage".

### Offline storage

"Offline storage" in the header lists every download on this device with its name, scope, text types, whether it has images, status, stored size and creation time; pause, resume, retry or delete each. The top of the screen shows how much storage the site uses; "Keep data persistent" keeps the browser from clearing offline content when space runs low. When storage is full the download stops: delete some content or free space on the device, then retry.

### Working offline

Without a network the header says "Offline": downloaded reels and pages can be read and searched as usual, and anything not downloaded says "Not downloaded: not available offline". Feedback, replies to feedback, changes to groups, pins, reading records and reading settings made offline are kept on this device and sent in order once you are online again; feedback with an image needs the network to upload the image. Changes not yet sent are listed under "Waiting to sync" in the personal centre, where you can sync now, retry or give up a change.

## Your account

- **Registering**: a username of 2 to 50 characters (Chinese characters, letters, digits, underscore, dot and hyphen), an e-mail address or a phone number, a verification code, and a password of at least 6 characters mixing at least two of letters, digits and symbols. Registering and signing in need your agreement to the terms and the privacy policy. Users under 18 should use the site with a guardian.
- **Signing in**: with a password (username, e-mail or phone) or with a verification code; enter the image captcha when asked. Where the site offers them, WeChat and Google sign-in work too.
- **Forgotten password**: receive a code by e-mail or phone, then set a new password.

## Personal centre

Open the personal centre from the account menu. It has these tabs:

### My feedback

Your feedback and its status (submitted, processing, completed, refused), filtered by sutra number if you like; feedback with a new reply is marked. "View" shows the conversation with the administrators, where you can continue it (at most 500 characters); completed feedback cannot be continued.

### My messages

System and friend messages, the unread ones marked; messages can be deleted. The decision on a researcher application arrives here too. When you sign in with unread messages or new replies to your feedback, the home page shows a short notice.

### Basic info

Change your avatar (png, jpeg or jpg, up to 2 MB), nickname and password, bind or change your phone number and e-mail address (with a verification code), and bind WeChat. The username cannot be changed.

### Waiting to sync

Changes made on this device that the server has not received yet; they are sent on their own when you are online, and you can also sync now, retry or give up a change.

## Feedback

When you find an error in a text, select the text while reading by reel and choose "Feedback", or choose "Feedback" while reading by page. Give the kind of problem (content error, missing content, punctuation error, other) and your suggestion (at most 500 characters), and attach an image if you like (png, jpeg or jpg, up to 5 MB). Follow it and read the replies under "My feedback".

## Researcher application

Once signed in you can apply to become a researcher: give your real name, institution, a short introduction and what you will use the tools for. The review usually takes 2 to 3 working days; the decision arrives as a message and is shown on the application result page. A rejected application shows the reason and can be changed and sent again; an approved one opens the research tools at once, without signing in again.

## Terms and privacy

Using this site means agreeing to its terms: the site is for personal, non-commercial use, and scraping and automated access are not allowed. The privacy policy says what personal data the site keeps and how it is stored and used. Both are linked from the footer and the account menu.
`;

export const helpEn: SeedArticle = {
  uid: `${HELP_UID}.en`,
  title: "Help",
  summary:
    "How to find, read, search and download scriptures, and how the account, the personal centre, feedback and the researcher application work.",
  content,
};
