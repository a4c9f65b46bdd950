import Beanstalk
