/** The widget's stylesheet text (styles.css, minified by the build and inlined as a string). */
import css from './styles.css';

export const CSS: string = css;
