/** The widget's stylesheet text (styles.css, then embeds.css; minified by the build and inlined as strings). */
import look from './styles.css';
import embeds from './embeds.css';

export const CSS: string = look + embeds;
