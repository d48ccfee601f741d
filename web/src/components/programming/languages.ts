/** The Monaco language of a file name, else of the course's editor template (spec/2 §2.4 templates). */
export function languageOf(fileName: string, template = ''): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  const byExt: Record<string, string> = {
    py: 'python', java: 'java', c: 'c', h: 'c', cpp: 'cpp', cc: 'cpp', hpp: 'cpp', js: 'javascript', mjs: 'javascript', ts: 'typescript',
    sql: 'sql', sh: 'shell', html: 'html', css: 'css', php: 'php', cs: 'csharp', scala: 'scala', m: 'objective-c', json: 'json', xml: 'xml', md: 'markdown',
  };
  if (byExt[ext]) return byExt[ext]!;
  const byTemplate: Record<string, string> = {
    'text/x-python': 'python', 'text/x-java': 'java', 'text/x-sql': 'sql', 'text/x-php': 'php', 'text/x-c++src': 'cpp', 'text/x-csharp': 'csharp',
    'text/x-objectivec': 'objective-c', 'text/x-scala': 'scala', 'text/x-sh': 'shell', 'text/javascript': 'javascript', 'text/html': 'html', 'text/css': 'css',
  };
  return byTemplate[template] ?? 'plaintext';
}
